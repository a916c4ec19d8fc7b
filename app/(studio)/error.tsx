"use client";

import { Button } from "@/components/ui/button";
import { AlertTriangleIcon } from "@/components/ui/icons";
import { EmptyState } from "@/components/ui/empty-state";
import { PageContainer } from "@/components/ui/page-header";

export default function StudioError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <PageContainer>
      <div className="rounded-xl border border-line bg-surface">
        <EmptyState icon={<AlertTriangleIcon />} title="This page could not be loaded" actions={<Button onClick={reset}>Try again</Button>}>
          Something went wrong on our side.{" "}
          {error.digest ? (
            <>
              Quote reference <code className="font-mono text-fg">{error.digest}</code> if it keeps happening.
            </>
          ) : (
            "Try again in a moment."
          )}
        </EmptyState>
      </div>
    </PageContainer>
  );
}
