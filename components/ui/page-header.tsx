import Link from "next/link";
import type { ReactNode } from "react";
import { ChevronRightIcon } from "@/components/ui/icons";

interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  breadcrumbs?: Array<{ label: string; href?: string }>;
  /** A small line above the title, such as "App settings". */
  eyebrow?: ReactNode;
}

export function PageHeader({ title, description, actions, breadcrumbs, eyebrow }: PageHeaderProps) {
  return (
    <header className="space-y-2">
      {breadcrumbs?.length ? (
        <nav aria-label="Breadcrumb">
          <ol className="flex items-center gap-1 text-[13px] text-fg-muted">
            {breadcrumbs.map((crumb, index) => (
              <li key={`${crumb.label}-${index}`} className="flex items-center gap-1">
                {index > 0 ? <ChevronRightIcon className="size-3.5 text-fg-subtle" /> : null}
                {crumb.href ? (
                  <Link href={crumb.href} className="rounded hover:text-fg">
                    {crumb.label}
                  </Link>
                ) : (
                  <span aria-current="page">{crumb.label}</span>
                )}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {eyebrow ? <p className="text-[13px] font-medium text-fg-muted">{eyebrow}</p> : null}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h1 className="truncate text-2xl font-semibold tracking-tight text-fg">{title}</h1>
          {description ? <div className="text-sm text-fg-muted">{description}</div> : null}
        </div>
        {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}

/** The content column of a Studio page. */
export function PageContainer({ children, width = "default" }: { children: ReactNode; width?: "default" | "wide" }) {
  return (
    <div className={`mx-auto w-full ${width === "wide" ? "max-w-6xl" : "max-w-5xl"} space-y-8 px-5 py-8 sm:px-8 lg:py-10`}>{children}</div>
  );
}
