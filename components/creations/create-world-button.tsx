"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
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
}

export function CreateWorldButton({ apps, defaultAppId, limits, variant, size, label = "Create world" }: CreateWorldButtonProps) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);

  return (
    <>
      <Button
        variant={variant}
        size={size}
        disabled={apps.length === 0}
        title={apps.length === 0 ? "Create an app first" : undefined}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <PlusIcon /> {label}
      </Button>
      {mounted ? <CreateWorldDialog open={open} onOpenChange={setOpen} apps={apps} defaultAppId={defaultAppId} limits={limits} /> : null}
    </>
  );
}
