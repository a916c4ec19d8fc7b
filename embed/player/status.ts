import { esc } from "./markup";

/** Replaces an embed page's loading status with an error card (the page could not boot). */
export function showError(root: HTMLElement, title: string, detail: string): void {
  root.classList.remove("is-loading");
  root.removeAttribute("aria-busy");
  const status = root.querySelector<HTMLElement>(".pw-status");
  if (!status) return;
  status.setAttribute("role", "alert");
  status.classList.add("is-error");
  status.innerHTML = `<div class="pw-card"><h2>${esc(title)}</h2><p>${esc(detail)}</p></div>`;
}
