import type { Metadata } from "next";
import { ApiReferenceView } from "@/components/docs/api-reference-view";
import { buildApiReference } from "@/lib/openapi/reference";

export const metadata: Metadata = {
  title: "API reference",
  description: "Every /v1 operation, its credentials, request fields and responses, generated from the OpenAPI document.",
};

// The reference is a pure function of the code: build it once per server process.
let reference: ReturnType<typeof buildApiReference> | undefined;

export default function ApiReferencePage() {
  reference ??= buildApiReference();
  return <ApiReferenceView reference={reference} />;
}
