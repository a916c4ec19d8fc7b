import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { LockIcon } from "@/components/ui/icons";

/** The brain as its owner reads it (the page builds it from the stored profile; never sent to anyone else). */
export interface BrainView {
  persona: string;
  greeting: string;
  lore: string;
  examples: string;
  scene: string;
  style: string;
  subject: string;
  voiceId: string | null;
  modelId: string | null;
  /** Talk turns use no chat time. */
  free: boolean;
  /** The profile fields players' browsers never receive (lib/characters' PRIVATE_PROFILE_FIELDS). */
  privateFields: readonly string[];
}

const LORE_SUMMARY_CHARS = 320;

/** The first sentences of the lore, up to about LORE_SUMMARY_CHARS, cut at a word. */
function summarize(text: string): { summary: string; cut: boolean } {
  const clean = text.trim();
  if (clean.length <= LORE_SUMMARY_CHARS) return { summary: clean, cut: false };
  const head = clean.slice(0, LORE_SUMMARY_CHARS);
  const sentence = head.lastIndexOf(". ");
  const end = sentence > LORE_SUMMARY_CHARS / 2 ? sentence + 1 : head.lastIndexOf(" ");
  return { summary: `${head.slice(0, end > 0 ? end : LORE_SUMMARY_CHARS).trimEnd()} …`, cut: true };
}

const words = (text: string) => (text.trim() ? text.trim().split(/\s+/).length : 0);

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-xs font-medium tracking-wide text-fg-subtle uppercase">{label}</dt>
      <dd className="mt-1 text-sm leading-relaxed text-fg">{children}</dd>
    </div>
  );
}

const None = ({ children = "Not set" }: { children?: ReactNode }) => <span className="text-fg-subtle italic">{children}</span>;

/** The character's brain as stored: persona, greeting, lore (summary, then all), voice, model and look; `edit` is the owner's way to change it. */
export function CharacterBrain({ brain, edit }: { brain: BrainView; edit?: ReactNode }) {
  const lore = summarize(brain.lore);
  return (
    <Card aria-labelledby="brain-title">
      <CardHeader
        titleId="brain-title"
        title="Brain"
        description="Who the character is and what it knows, as stored. The next thing a player says is answered with it."
        actions={
          <>
            <Badge tone="neutral">
              <LockIcon className="size-3" /> Only you
            </Badge>
            {edit}
          </>
        }
      />
      <CardBody>
        <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
          <Field label="Persona" wide>
            {brain.persona.trim() ? <p className="whitespace-pre-line">{brain.persona}</p> : <None />}
          </Field>
          <Field label="Greeting" wide>
            {brain.greeting.trim() ? (
              <q className="text-fg-muted italic">{brain.greeting}</q>
            ) : (
              <None>No greeting: the character waits to be spoken to</None>
            )}
          </Field>
          <Field label={`Lore${brain.lore.trim() ? ` · ${words(brain.lore).toLocaleString("en-US")} words` : ""}`} wide>
            {brain.lore.trim() ? (
              lore.cut ? (
                <details className="group">
                  <summary className="cursor-pointer list-none">
                    <span className="whitespace-pre-line group-open:hidden">{lore.summary}</span>
                    <span className="mt-1 block text-[13px] font-medium text-accent-text hover:underline group-open:hidden">
                      Show all lore
                    </span>
                    <span className="hidden text-[13px] font-medium text-accent-text hover:underline group-open:block">Show less</span>
                  </summary>
                  <p className="mt-1 max-h-80 overflow-y-auto whitespace-pre-line">{brain.lore}</p>
                </details>
              ) : (
                <p className="whitespace-pre-line">{brain.lore}</p>
              )
            ) : (
              <None />
            )}
          </Field>
          {brain.examples.trim() ? (
            <Field label="Example lines" wide>
              <pre className="max-h-40 overflow-y-auto rounded-md border border-line bg-subtle/60 px-3 py-2 font-sans text-[13px] whitespace-pre-wrap text-fg-muted">
                {brain.examples}
              </pre>
            </Field>
          ) : null}
          <Field label="Voice">
            {brain.voiceId ? <code className="font-mono text-[13px]">{brain.voiceId}</code> : <None>The server&apos;s default voice</None>}
          </Field>
          <Field label="Model">
            {brain.modelId ? <code className="font-mono text-[13px]">{brain.modelId}</code> : <None>The server&apos;s default model</None>}
          </Field>
          <Field label="Chat time">{brain.free ? "Free: talk turns use no chat time" : "Metered per player"}</Field>
          <Field label="Setting">{brain.scene.trim() ? brain.scene : <None />}</Field>
          <Field label="Subject">{brain.subject.trim() ? brain.subject : <None />}</Field>
          <Field label="Style">{brain.style.trim() ? brain.style : <None />}</Field>
        </dl>
        <p className="mt-6 flex items-start gap-2 border-t border-line pt-4 text-[13px] text-fg-muted">
          <LockIcon className="mt-0.5 size-3.5 shrink-0 text-fg-subtle" />
          <span>
            Players&apos; browsers never receive the{" "}
            {brain.privateFields.map((field, i) => (
              <span key={field}>
                {i > 0 ? (i === brain.privateFields.length - 1 ? " or " : ", ") : null}
                <code className="font-mono text-[12px] text-fg">{field}</code>
              </span>
            ))}
            : the server loads them for every turn.
          </span>
        </p>
      </CardBody>
    </Card>
  );
}
