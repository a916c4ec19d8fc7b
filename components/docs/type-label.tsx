import type { TypeToken } from "./types";

export const schemaAnchor = (name: string) => `schema-${name}`;

/** A field's type; named schemas link to their entry under "Objects". */
export function TypeLabel({ tokens }: { tokens: TypeToken[] }) {
  return (
    <span className="font-mono text-[12px] text-fg-muted">
      {tokens.map((token, i) =>
        token.schema ? (
          <a key={i} href={`#${schemaAnchor(token.schema)}`} className="rounded text-accent-text underline-offset-2 hover:underline">
            {token.text}
          </a>
        ) : (
          <span key={i}>{token.text}</span>
        ),
      )}
    </span>
  );
}
