"use client";

import dynamic from "next/dynamic";

/*
 * Scalar and the Vue runtime it brings are loaded on this route only, in the browser (they render
 * into the DOM and read window), so no other page's first load grows and the server renders only
 * the frame around it.
 */
const ScalarReference = dynamic(() => import("./scalar-reference"), {
  ssr: false,
  loading: () => (
    <p role="status" className="px-5 py-16 text-center text-sm text-fg-muted sm:px-8">
      Loading the reference…
    </p>
  ),
});

export function ApiReference() {
  return <ScalarReference />;
}
