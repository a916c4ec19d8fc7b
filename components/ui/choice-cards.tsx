"use client";

import { useId, type ReactNode } from "react";
import { cn } from "./cn";

export interface Choice<V extends string> {
  value: V;
  label: string;
  description?: ReactNode;
  icon?: ReactNode;
}

interface ChoiceCardsProps<V extends string> {
  /** The group's accessible name (a visible legend). */
  legend: string;
  name: string;
  value: V;
  onChange: (value: V) => void;
  choices: Array<Choice<V>>;
  disabled?: boolean;
  columns?: 2 | 3;
  className?: string;
}

/** Radio buttons drawn as cards: real <input type="radio">, so arrow keys and labels just work. */
export function ChoiceCards<V extends string>({
  legend,
  name,
  value,
  onChange,
  choices,
  disabled,
  columns = 2,
  className,
}: ChoiceCardsProps<V>) {
  const id = useId();
  return (
    <fieldset className={cn("space-y-2", className)} disabled={disabled}>
      <legend className="mb-2 text-[13px] font-medium text-fg">{legend}</legend>
      <div className={cn("grid gap-2", columns === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2")}>
        {choices.map((choice) => {
          const inputId = `${id}-${choice.value}`;
          const checked = choice.value === value;
          return (
            <label
              key={choice.value}
              htmlFor={inputId}
              className={cn(
                "relative flex cursor-pointer gap-3 rounded-lg border bg-surface p-3 transition-colors",
                "has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/30",
                checked ? "border-accent bg-accent-soft/50" : "border-line-strong hover:bg-subtle/60",
                disabled && "cursor-not-allowed opacity-60",
              )}
            >
              <input
                id={inputId}
                type="radio"
                name={name}
                value={choice.value}
                checked={checked}
                onChange={() => onChange(choice.value)}
                className="mt-0.5 size-4 shrink-0 accent-accent focus-visible:outline-none"
                aria-labelledby={`${inputId}-label`}
                aria-describedby={choice.description ? `${inputId}-desc` : undefined}
              />
              <span className="min-w-0">
                <span id={`${inputId}-label`} className="flex items-center gap-1.5 text-sm font-medium text-fg">
                  {choice.icon}
                  {choice.label}
                </span>
                {choice.description ? (
                  <span id={`${inputId}-desc`} className="mt-0.5 block text-[13px] leading-snug text-fg-muted">
                    {choice.description}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
