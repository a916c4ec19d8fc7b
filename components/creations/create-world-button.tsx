"use client";

import dynamic from "next/dynamic";
import { useEffect } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import { useLazyDialog } from "./lazy-dialog";
import type { AppOption, CreateWorldLimits } from "./types";

// The dialog (form, image reading, job polling) loads on first use, keeping My Creations' first load small.
const loadDialog = () => import("./create-world-dialog");
const CreateWorldDialog = dynamic(() => loadDialog().then((m) => m.CreateWorldDialog), { ssr: false });

interface CreateWorldButtonProps {
  apps: AppOption[];
  defaultAppId?: string;
  limits: CreateWorldLimits;
  variant?: ButtonVariant;
  size?: ButtonSize;
  label?: string;
  /** Opens the dialog at once with this premise (`/creations?create=premise&premise=…`, the landing page's "Generate"). */
  openWithPremise?: string;
}

export function CreateWorldButton({
  apps,
  defaultAppId,
  limits,
  variant,
  size,
  label = "Create world",
  openWithPremise,
}: CreateWorldButtonProps) {
  const opening = openWithPremise !== undefined && apps.length > 0;
  const { open, setOpen, mounted, trigger } = useLazyDialog(loadDialog, opening);

  // The link did its work once: a reload or Back must not open the dialog again.
  useEffect(() => {
    if (!opening) return;
    const url = new URL(window.location.href);
    url.searchParams.delete("create");
    url.searchParams.delete("premise");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }, [opening]);

  return (
    <>
      <Button
        variant={variant}
        size={size}
        disabled={apps.length === 0}
        title={apps.length === 0 ? "Create an app first" : undefined}
        {...trigger}
      >
        <PlusIcon /> {label}
      </Button>
      {mounted ? (
        <CreateWorldDialog
          open={open}
          onOpenChange={setOpen}
          apps={apps}
          defaultAppId={defaultAppId}
          limits={limits}
          initialPremise={openWithPremise}
        />
      ) : null}
    </>
  );
}
