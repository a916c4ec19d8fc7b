/**
 * Scalar's reference has a few markup faults that axe reports as serious or critical, which its
 * configuration cannot turn off (issue 18's accessibility pass, e2e/ui/accessibility.spec.ts).
 * They are repaired in the rendered DOM, and again whenever Scalar renders more of it:
 *
 * - sidebar entries are buttons with `aria-selected`, which a button may not carry: the current
 *   entry says `aria-current="page"` instead (Scalar styles the entry by its own classes);
 * - the code-sample language picker is a `tablist` holding a button without a role (the one that
 *   opens the other languages) beside its tabs: it is one of them;
 * - the search button and the copy buttons are icons without a name: they get one;
 * - the endpoint lists of the tag summaries scroll but cannot be reached by keyboard: they can.
 *
 * Scalar's colours (HTTP methods, syntax, "required") are mapped to contrast-checked ones in
 * scalar-configuration.ts. Each repair only adds or moves an attribute; none changes what is shown.
 */

export function repairScalarAccessibility(root: ParentNode): void {
  for (const button of root.querySelectorAll('[role="tablist"] button:not([role])')) button.setAttribute("role", "tab");
  for (const button of root.querySelectorAll('button[aria-selected]:not([role="tab"])')) {
    if (button.getAttribute("aria-selected") === "true") button.setAttribute("aria-current", "page");
    else button.removeAttribute("aria-current");
    button.removeAttribute("aria-selected");
  }
  for (const button of root.querySelectorAll('button[role="search"]:not([aria-label])'))
    button.setAttribute("aria-label", "Search the reference");
  for (const button of root.querySelectorAll('button[class*="copy-button"]:not([aria-label])')) button.setAttribute("aria-label", "Copy");
  for (const list of root.querySelectorAll("ul.endpoints:not([tabindex])")) list.setAttribute("tabindex", "0");
}

/** Repairs `root` now and after every change Scalar makes to it (once a frame at most); returns how to stop. */
export function keepScalarAccessible(root: HTMLElement): () => void {
  let frame = 0;
  const repair = () => {
    frame = 0;
    observer.disconnect();
    repairScalarAccessibility(root);
    observer.observe(root, OBSERVED);
  };
  const observer = new MutationObserver(() => {
    frame ||= requestAnimationFrame(repair);
  });
  repair();
  return () => {
    cancelAnimationFrame(frame);
    observer.disconnect();
  };
}

const OBSERVED: MutationObserverInit = {
  childList: true,
  subtree: true,
  attributes: true,
  attributeFilter: ["aria-selected", "role", "aria-label", "tabindex"],
};
