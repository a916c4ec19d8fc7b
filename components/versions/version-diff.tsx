import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { CheckIcon } from "@/components/ui/icons";
import type { EventRef, WorldDiff } from "@/lib/kernel";

type Kind = "added" | "removed" | "changed";

const marks: Record<Kind, { sign: string; className: string; label: string }> = {
  added: { sign: "+", className: "bg-success-soft text-success-text", label: "Added" },
  removed: { sign: "−", className: "bg-danger-soft text-danger-text", label: "Removed" },
  changed: { sign: "~", className: "bg-warning-soft text-warning-text", label: "Changed" },
};

function Mark({ kind }: { kind: Kind }) {
  const mark = marks[kind];
  return (
    <span
      aria-hidden="true"
      className={cn("grid size-5 shrink-0 place-items-center rounded font-mono text-[13px] font-semibold", mark.className)}
    >
      {mark.sign}
    </span>
  );
}

function FieldChips({ fields }: { fields: string[] }) {
  return (
    <span className="flex flex-wrap gap-1">
      {fields.map((field) => (
        <span key={field} className="rounded bg-subtle px-1.5 py-px font-mono text-[11px] text-fg-muted ring-1 ring-line ring-inset">
          {field}
        </span>
      ))}
    </span>
  );
}

function EventLabel({ event }: { event: EventRef }) {
  return (
    <span className="min-w-0 font-mono text-[13px] text-fg">
      <span className="text-fg-muted">{event.from}</span>
      {event.to !== undefined ? (
        <>
          <span className="px-1 text-fg-subtle">→</span>
          <span className="text-fg-muted">{event.to}</span>
        </>
      ) : null}
      <span className="px-1.5 text-fg-subtle">·</span>
      <span>{event.name}</span>
      {event.to === undefined ? <span className="ml-1.5 font-sans text-xs text-fg-subtle">override</span> : null}
    </span>
  );
}

function Group({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <section aria-label={title} className="space-y-1.5">
      <h4 className="text-xs font-medium text-fg-muted">
        {title} <span className="text-fg-subtle tabular-nums">{count}</span>
      </h4>
      <ul className="divide-y divide-line rounded-lg border border-line">{children}</ul>
    </section>
  );
}

function Item({ kind, children, aside }: { kind: Kind; children: ReactNode; aside?: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center gap-x-2.5 gap-y-1 px-3 py-2">
      <Mark kind={kind} />
      <span className="sr-only">{marks[kind].label}: </span>
      {children}
      {aside ? <span className="ml-auto">{aside}</span> : null}
    </li>
  );
}

function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** The changes from a version (`base`) to the working graph, grouped by states, events and world fields. */
export function VersionDiff({ diff, emptyText }: { diff: WorldDiff; emptyText: string }) {
  if (diff.total === 0) {
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded-lg border border-dashed border-line-strong px-4 py-4 text-sm text-fg-muted"
      >
        <CheckIcon className="size-4 text-success-text" /> {emptyText}
      </p>
    );
  }
  const states = diff.states.added.length + diff.states.removed.length + diff.states.changed.length;
  const events = diff.events.added.length + diff.events.removed.length + diff.events.changed.length;
  const parts = [
    states ? plural(states, "state") : null,
    events ? plural(events, "event") : null,
    diff.world.length ? plural(diff.world.length, "world field") : null,
  ].filter((part): part is string => part !== null);
  const summary =
    parts.length > 1
      ? `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]} differ.`
      : `${parts[0]} ${diff.total === 1 ? "differs" : "differ"}.`;
  return (
    <div className="space-y-4" data-testid="version-diff">
      <p className="text-[13px] text-fg-muted">{summary}</p>
      <Group title="States" count={states}>
        {diff.states.added.map((id) => (
          <Item key={`+${id}`} kind="added">
            <span className="font-mono text-[13px] text-fg">{id}</span>
          </Item>
        ))}
        {diff.states.removed.map((id) => (
          <Item key={`-${id}`} kind="removed">
            <span className="font-mono text-[13px] text-fg line-through decoration-fg-subtle/70">{id}</span>
          </Item>
        ))}
        {diff.states.changed.map((change) => (
          <Item key={`~${change.id}`} kind="changed" aside={<FieldChips fields={change.fields} />}>
            <span className="font-mono text-[13px] text-fg">{change.id}</span>
          </Item>
        ))}
      </Group>
      <Group title="Events" count={events}>
        {diff.events.added.map((event) => (
          <Item key={`+${event.from}/${event.name}`} kind="added">
            <EventLabel event={event} />
          </Item>
        ))}
        {diff.events.removed.map((event) => (
          <Item key={`-${event.from}/${event.name}`} kind="removed">
            <EventLabel event={event} />
          </Item>
        ))}
        {diff.events.changed.map((event) => (
          <Item key={`~${event.from}/${event.name}`} kind="changed" aside={<FieldChips fields={event.fields} />}>
            <EventLabel event={event} />
          </Item>
        ))}
      </Group>
      <Group title="World" count={diff.world.length}>
        {diff.world.map((field) => (
          <Item key={field} kind="changed">
            <span className="font-mono text-[13px] text-fg">{field}</span>
          </Item>
        ))}
      </Group>
    </div>
  );
}
