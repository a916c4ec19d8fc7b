"use client";

import { memo, useId, useRef, type ComponentProps, type ReactNode } from "react";
import { canvasName, findSlots, type Diagnostic, type World } from "@/lib/kernel";
import { cn } from "@/components/ui/cn";
import { AlertTriangleIcon, ChevronDownIcon, InfoIcon, XIcon } from "@/components/ui/icons";
import { inputClasses } from "@/components/ui/input";
import { CircleXIcon } from "./icons";
import { usePlainWords } from "./use-plain-words";

/** Form pieces of the inspector: dense (13px) versions of components/ui's inputs. */

/** The platform's modifier key as shortcuts name it. */
export const MOD_KEY = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform) ? "⌘" : "Ctrl";

export const fieldInput = cn(inputClasses, "h-8 px-2.5 text-[13px]");
export const fieldTextArea = cn(inputClasses, "h-auto resize-y px-2.5 py-1.5 text-[13px] leading-relaxed");
export const fieldSelect = cn(inputClasses, "h-8 appearance-none px-2.5 pr-8 text-[13px]");

export function SeverityIcon({ severity, className }: { severity: Diagnostic["severity"]; className?: string }) {
  if (severity === "error") return <CircleXIcon className={cn("size-3.5 shrink-0 text-danger-text", className)} aria-label="Error" />;
  if (severity === "warning")
    return <AlertTriangleIcon className={cn("size-3.5 shrink-0 text-warning-text", className)} aria-label="Warning" />;
  return <InfoIcon className={cn("size-3.5 shrink-0 text-fg-subtle", className)} aria-label="Info" />;
}

/** The lints of one field, under it, as the person types. */
export function FieldNotes({ id, diagnostics, error }: { id: string; diagnostics?: Diagnostic[]; error?: string }) {
  const say = usePlainWords();
  if (!error && !diagnostics?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5">
      {error ? (
        <li className="flex items-start gap-1.5 text-xs text-danger-text">
          <CircleXIcon className="mt-px size-3.5 shrink-0" /> {error}
        </li>
      ) : null}
      {diagnostics?.map((d, i) => (
        <li
          key={`${d.code}-${i}`}
          className={cn(
            "flex items-start gap-1.5 text-xs",
            d.severity === "error" ? "text-danger-text" : d.severity === "warning" ? "text-warning-text" : "text-fg-muted",
          )}
        >
          <SeverityIcon severity={d.severity} className="mt-px" />
          <span>
            {noteText(d, say)} <span className="font-mono text-[10.5px] opacity-80">{d.code}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A diagnostic beside its field: short where the field says enough, else the sentence for people. */
function noteText(d: Diagnostic, say: (d: Diagnostic) => string): string {
  if (d.lint === "prose-empty" || d.lint === "optional-prose-empty")
    return d.severity === "warning" ? "Empty: the renderer needs this." : "Empty (optional).";
  if (d.lint === "hotkey-empty") return "No hotkey: players can only click it.";
  return say(d);
}

interface RowProps {
  label: ReactNode;
  hint?: ReactNode;
  aside?: ReactNode;
  diagnostics?: Diagnostic[];
  error?: string;
  className?: string;
  children: (control: { id: string; "aria-describedby"?: string; "aria-invalid"?: true }) => ReactNode;
}

export function Row({ label, hint, aside, diagnostics, error, className, children }: RowProps) {
  const id = useId();
  const notesId = `${id}-notes`;
  const hintId = `${id}-hint`;
  const hasNotes = Boolean(error) || Boolean(diagnostics?.length);
  const describedBy = [hasNotes ? notesId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  const invalid = error || diagnostics?.some((d) => d.severity === "error") ? true : undefined;
  return (
    <div className={cn("space-y-1", className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-xs font-medium text-fg-muted">
          {label}
        </label>
        {aside}
      </div>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": invalid })}
      <FieldNotes id={notesId} diagnostics={diagnostics} error={error} />
      {hint && !hasNotes ? (
        <p id={hintId} className="text-[11.5px] leading-snug text-fg-subtle">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function Section({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="space-y-3 border-t border-line px-4 py-4 first:border-t-0">
      <div className="flex items-center justify-between gap-2">
        <div>
          <h3 className="text-[11px] font-semibold tracking-wide text-fg-subtle uppercase">{title}</h3>
          {description ? <p className="mt-0.5 text-[11.5px] text-fg-subtle">{description}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

export function TextInput({ field, className, ...props }: ComponentProps<"input"> & { field: string }) {
  return <input data-field={field} autoComplete="off" spellCheck={false} className={cn(fieldInput, className)} {...props} />;
}

/** The slot names a field's template findings point at (`loc.slot`), to mark them in its text. */
export function slotMarks(diagnostics: readonly Diagnostic[] | undefined): readonly string[] | undefined {
  if (!diagnostics?.length) return undefined;
  const slots = diagnostics.filter((d) => d.loc.slot !== "" && d.severity !== "info").map((d) => d.loc.slot);
  return slots.length ? slots : undefined;
}

/** The text with each `{slot}` named in `marks` wrapped in a mark (the rest as it is, invisible, for layout). */
function markedText(text: string, marks: readonly string[]): ReactNode[] {
  const wanted = new Set(marks);
  const out: ReactNode[] = [];
  let at = 0;
  for (const use of findSlots(text)) {
    if (!wanted.has(use.slot)) continue;
    const end = use.index + use.slot.length + 2;
    out.push(text.slice(at, use.index));
    out.push(
      <mark key={use.index} data-slot={use.slot} className="rounded-[3px] bg-warning-soft text-transparent ring-1 ring-warning-text/70">
        {text.slice(use.index, end)}
      </mark>,
    );
    at = end;
  }
  // A final newline needs a character after it to take its line.
  out.push(`${text.slice(at)}\u200b`);
  return out;
}

/**
 * A prose field. With `marks` (the slots its findings name), each `{slot}` is highlighted inside
 * the text: a backdrop laid out exactly as the textarea draws the marks behind its transparent
 * background, scrolled with it.
 */
export function ProseInput({
  field,
  className,
  rows = 2,
  marks,
  onScroll,
  ...props
}: ComponentProps<"textarea"> & { field: string; marks?: readonly string[] }) {
  const backdrop = useRef<HTMLDivElement>(null);
  const marked = Boolean(marks?.length);
  // One tree whether marked or not: the textarea must not remount (and lose focus) as a lint comes and goes.
  return (
    <div className="relative" data-slot-marks={marked ? marks?.join(" ") : undefined}>
      {marked ? (
        <div
          ref={backdrop}
          aria-hidden="true"
          className={cn(
            fieldTextArea,
            "pointer-events-none absolute inset-0 overflow-hidden border-transparent break-words whitespace-pre-wrap text-transparent shadow-none",
          )}
        >
          {markedText(String(props.value ?? ""), marks ?? [])}
        </div>
      ) : null}
      <textarea
        data-field={field}
        rows={rows}
        className={cn(fieldTextArea, marked && "relative bg-transparent", className)}
        onScroll={(e) => {
          if (backdrop.current) backdrop.current.scrollTop = e.currentTarget.scrollTop;
          onScroll?.(e);
        }}
        {...props}
      />
    </div>
  );
}

/** A name that says no more than the id ("Harbor" of `harbor`): the id alone is shown. */
const sameAsId = (name: string, id: string) => name.toLowerCase() === id.toLowerCase();

/** A state as the inspector names it: the canvas's name, with its id beside it when the two differ ("Harbour · s2-harbour"). */
export function stateLabel(world: World, id: string): string {
  const state = Object.prototype.hasOwnProperty.call(world.scene.states, id) ? world.scene.states[id] : undefined;
  const name = state ? canvasName(state, world) : id;
  return sameAsId(name, id) ? id : `${name} · ${id}`;
}

/** The canvas's name of a state, or null when it says no more than the id. */
export function stateNameOf(world: World, id: string): string | null {
  const state = Object.prototype.hasOwnProperty.call(world.scene.states, id) ? world.scene.states[id] : undefined;
  const name = state ? canvasName(state, world) : id;
  return sameAsId(name, id) ? null : name;
}

/** A state's name, then its id, small: how the inspector writes a state in a sentence. */
export function StateRef({ world, id, className }: { world: World; id: string; className?: string }) {
  const name = stateNameOf(world, id);
  return (
    <span className={className}>
      {name ? <span className="text-fg">{name} </span> : null}
      <span className="font-mono text-fg">{name ? `(${id})` : id}</span>
    </span>
  );
}

const sameList = (a: readonly string[], b: readonly string[]) => a === b || (a.length === b.length && a.every((x, i) => x === b[i]));

/**
 * `<option>`s of every state, by name and id (`stateLabel`); memoized on the lists' contents
 * (the world object changes per keystroke).
 */
export const StateOptions = memo(
  function StateOptions({ ids, labels }: { ids: readonly string[]; labels: readonly string[] }) {
    return (
      <>
        {ids.map((id, i) => (
          <option key={id} value={id}>
            {labels[i] ?? id}
          </option>
        ))}
      </>
    );
  },
  (a, b) => sameList(a.ids, b.ids) && sameList(a.labels, b.labels),
);

export function Kbd({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <kbd
      className={cn(
        "inline-grid h-[18px] min-w-[18px] place-items-center rounded border border-line-strong bg-surface px-1 font-mono text-[10.5px] font-medium text-fg-muted shadow-xs",
        className,
      )}
    >
      {children}
    </kbd>
  );
}

export function Select({ field, className, children, ...props }: ComponentProps<"select"> & { field: string }) {
  return (
    <div className="relative">
      <select data-field={field} className={cn(fieldSelect, className)} {...props}>
        {children}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-2.5 size-3.5 -translate-y-1/2 text-fg-subtle" />
    </div>
  );
}

/** The item's own findings (not a field's), at the top of its panel. */
export function ItemProblems({ notes }: { notes: Diagnostic[] | undefined }) {
  const say = usePlainWords();
  if (!notes?.length) return null;
  return (
    <ul className="mx-4 mt-4 space-y-1 rounded-lg border border-line bg-subtle/60 px-3 py-2" aria-label="Problems with this state">
      {notes.map((d, i) => (
        <li key={`${d.code}-${i}`} className="flex items-start gap-2 text-xs text-fg-muted">
          <SeverityIcon severity={d.severity} className="mt-px" />
          <span>
            {say(d)} <span className="font-mono text-[10.5px] text-fg-subtle">{d.code}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

export function RemoveButton({ label, onClick, className }: { label: string; onClick: () => void; className?: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={cn("grid size-6 place-items-center rounded text-fg-subtle hover:bg-subtle hover:text-danger-text", className)}
    >
      <XIcon className="size-3.5" />
    </button>
  );
}
