import { errorMessage } from "@/components/api/client";
import { Alert } from "@/components/ui/alert";

/**
 * A create dialog's refused request: what the server said, and its problems that no field of the
 * form shows (those are written under their fields).
 */
export function RefusedAlert({ title, error, other }: { title: string; error: unknown; other: string[] }) {
  return (
    <Alert title={title}>
      {errorMessage(error)}
      {other.length ? (
        <ul className="mt-1 list-disc pl-4">
          {other.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}
