import { ApiRequestError, errorMessage } from "@/components/api/client";
import { Alert } from "@/components/ui/alert";

/** Why a character edit was not saved: a newer edit elsewhere (412), or what the API said, field by field. */
export function SaveError({ error }: { error: unknown }) {
  if (error instanceof ApiRequestError && error.code === "rev_mismatch") {
    return (
      <Alert title="Not saved: this character changed since you opened it">
        Reload the page to see the latest version, then make your change again.
      </Alert>
    );
  }
  const lines = error instanceof ApiRequestError ? error.errors : [];
  return (
    <Alert title="Not saved" lines={lines}>
      {errorMessage(error)}
    </Alert>
  );
}
