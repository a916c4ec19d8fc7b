"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect, useRef, useTransition, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { ChevronDownIcon, SearchIcon } from "@/components/ui/icons";
import { inputClasses } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import type { AppOption, CreationKindFilter } from "./types";

const SEARCH_DEBOUNCE_MS = 300;

const KINDS: { value: CreationKindFilter; label: string }[] = [
  { value: "", label: "All kinds" },
  { value: "world", label: "Worlds" },
  { value: "character", label: "Characters" },
  { value: "campaign", label: "Campaigns" },
];

/**
 * Search, the kind filter and the app filter of My Creations. The URL holds them
 * (`?q=&kind=&app=`), so the list is server-rendered, shareable and works without JavaScript
 * (the form is a plain GET form).
 */
export function CreationsFilters({ apps, q, appId, kind }: { apps: AppOption[]; q: string; appId: string; kind: CreationKindFilter }) {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // Links such as "Clear filters" change the URL under the form: follow them, except in the
  // field the person is typing in.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const search = form.elements.namedItem("q");
    const app = form.elements.namedItem("app");
    const kindSelect = form.elements.namedItem("kind");
    if (search instanceof HTMLInputElement && document.activeElement !== search) search.value = q;
    if (app instanceof HTMLSelectElement) app.value = appId;
    if (kindSelect instanceof HTMLSelectElement) kindSelect.value = kind;
  }, [q, appId, kind]);

  function navigate() {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    const params = new URLSearchParams();
    const search = String(data.get("q") ?? "").trim();
    const app = String(data.get("app") ?? "");
    const only = String(data.get("kind") ?? "");
    if (search) params.set("q", search);
    if (only) params.set("kind", only);
    if (app) params.set("app", app);
    const query = params.toString();
    // A new search starts at the newest creation again (no cursor).
    startTransition(() => router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false }));
  }

  /** A dropdown applies at once; a search still waiting for its debounce goes with it. */
  function select() {
    window.clearTimeout(timer.current);
    navigate();
  }

  return (
    <form
      ref={formRef}
      role="search"
      aria-label="Filter creations"
      action={pathname}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        window.clearTimeout(timer.current);
        navigate();
      }}
      className="flex flex-col gap-2 sm:flex-row sm:items-center"
    >
      <div className="relative min-w-0 flex-1 sm:max-w-sm">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle" />
        <label htmlFor="creations-q" className="sr-only">
          Search creations
        </label>
        <input
          id="creations-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={200}
          placeholder="Search by name or description"
          autoComplete="off"
          onChange={() => {
            window.clearTimeout(timer.current);
            timer.current = window.setTimeout(navigate, SEARCH_DEBOUNCE_MS);
          }}
          className={cn(inputClasses, "pr-9 pl-9")}
        />
        {pending ? <Spinner className="absolute top-1/2 right-3 size-4 -translate-y-1/2 text-fg-subtle" /> : null}
      </div>
      <FilterSelect id="creations-kind" name="kind" label="Kind" width="sm:w-40" defaultValue={kind} onChange={select}>
        {KINDS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </FilterSelect>
      {apps.length > 1 || appId ? (
        <FilterSelect id="creations-app" name="app" label="App" width="sm:w-56" defaultValue={appId} onChange={select}>
          <option value="">All apps</option>
          {apps.map((app) => (
            <option key={app.id} value={app.id}>
              {app.name}
            </option>
          ))}
        </FilterSelect>
      ) : null}
      <noscript>
        <button type="submit" className="h-9 rounded-md border border-line-strong px-3 text-sm">
          Search
        </button>
      </noscript>
    </form>
  );
}

/** One of the filters' dropdowns: a labelled native select that applies on change. */
function FilterSelect({
  id,
  name,
  label,
  width,
  defaultValue,
  onChange,
  children,
}: {
  id: string;
  name: string;
  label: string;
  width: string;
  defaultValue: string;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <div className={cn("relative", width)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} onChange={onChange} className={cn(inputClasses, "appearance-none pr-9")}>
        {children}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-fg-subtle" />
    </div>
  );
}
