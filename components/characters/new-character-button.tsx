"use client";

import dynamic from "next/dynamic";
import { useLazyDialog } from "@/components/creations/lazy-dialog";
import type { AppOption } from "@/components/creations/types";
import { Button, type ButtonSize, type ButtonVariant } from "@/components/ui/button";
import { MessageIcon } from "@/components/ui/icons";
import type { NewCharacterLimits } from "./new-character-dialog";

// The dialog loads on first use, like the create-world dialog, keeping My Creations' first load small.
const loadDialog = () => import("./new-character-dialog");
const NewCharacterDialog = dynamic(() => loadDialog().then((m) => m.NewCharacterDialog), { ssr: false });

interface NewCharacterButtonProps {
  apps: AppOption[];
  defaultAppId?: string;
  limits: NewCharacterLimits;
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function NewCharacterButton({ apps, defaultAppId, limits, variant = "secondary", size }: NewCharacterButtonProps) {
  const { open, setOpen, mounted, trigger } = useLazyDialog(loadDialog);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        disabled={apps.length === 0}
        title={apps.length === 0 ? "Create an app first" : undefined}
        {...trigger}
      >
        <MessageIcon /> New character
      </Button>
      {mounted ? <NewCharacterDialog open={open} onOpenChange={setOpen} apps={apps} defaultAppId={defaultAppId} limits={limits} /> : null}
    </>
  );
}
