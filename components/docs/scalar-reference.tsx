"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import { useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { keepScalarAccessible } from "./scalar-a11y";
import { scalarConfiguration } from "./scalar-configuration";

// The app's theme is the `dark` class on <html> (components/theme): follow it, also when it changes.
function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}
const isDark = () => document.documentElement.classList.contains("dark");

/** Scalar's reference (a Vue app) for this server's OpenAPI document. Browser only. */
export default function ScalarReference() {
  const dark = useSyncExternalStore(subscribeToTheme, isDark, () => false);
  // Scalar updates itself when the configuration object changes: keep it stable between renders.
  const configuration = useMemo(() => scalarConfiguration({ origin: window.location.origin, dark }), [dark]);
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => keepScalarAccessible(frame.current!), []);
  return (
    <div ref={frame}>
      <ApiReferenceReact configuration={configuration} />
    </div>
  );
}
