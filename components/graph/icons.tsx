import { icon } from "@/components/ui/icons";

/**
 * The graph editor's own icons, drawn like components/ui/icons.tsx: 24×24 grid, 1.75 stroke,
 * currentColor. Icons other features use live in components/ui/icons.tsx.
 */

export const UndoIcon = icon(<path d="M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />, "UndoIcon");
export const RedoIcon = icon(<path d="m15 14 5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />, "RedoIcon");
export const LayoutIcon = icon(
  <>
    <rect width="6" height="5" x="2" y="4" rx="1" />
    <rect width="6" height="5" x="16" y="4" rx="1" />
    <rect width="6" height="5" x="16" y="15" rx="1" />
    <path d="M8 6.5h8M12 6.5v11h4" />
  </>,
  "LayoutIcon",
);
export const FitIcon = icon(
  <path d="M8 3H5a2 2 0 0 0-2 2v3M21 8V5a2 2 0 0 0-2-2h-3M3 16v3a2 2 0 0 0 2 2h3M16 21h3a2 2 0 0 0 2-2v-3" />,
  "FitIcon",
);
export const ZoomInIcon = icon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5M11 8v6M8 11h6" />
  </>,
  "ZoomInIcon",
);
export const ZoomOutIcon = icon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5M8 11h6" />
  </>,
  "ZoomOutIcon",
);
export const KeyboardIcon = icon(
  <>
    <rect width="20" height="14" x="2" y="5" rx="2" />
    <path d="M6 9h.01M10 9h.01M14 9h.01M18 9h.01M6 13h.01M18 13h.01M9 15h6" />
  </>,
  "KeyboardIcon",
);
export const DoorIcon = icon(<path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4M10 17l5-5-5-5M15 12H3" />, "DoorIcon");
/** An ending state (the canvas badge, the inspector's Ending section). */
export const EndingIcon = icon(
  <path d="M4 22V4a1 1 0 0 1 .4-.8A6 6 0 0 1 8 2c3 0 5 2 7.333 2q2 0 3.067-.8A1 1 0 0 1 20 4v10a1 1 0 0 1-.4.8A6 6 0 0 1 16 16c-3 0-5-2-8-2a6 6 0 0 0-4 1.528" />,
  "EndingIcon",
);
export const CircleXIcon = icon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="m15 9-6 6M9 9l6 6" />
  </>,
  "CircleXIcon",
);
export const StateIcon = icon(<rect width="18" height="14" x="3" y="5" rx="2.5" />, "StateIcon");
export const TransitionIcon = icon(<path d="M4 12h13M13 7l5 5-5 5" />, "TransitionIcon");
export const OverrideIcon = icon(
  <>
    <path d="M21 12a9 9 0 1 1-3-6.7L21 8" />
    <path d="M21 3v5h-5" />
  </>,
  "OverrideIcon",
);
export const MapIcon = icon(
  <path d="M14.106 5.553a2 2 0 0 0 1.788 0l3.659-1.83A1 1 0 0 1 21 4.619v12.764a1 1 0 0 1-.553.894l-4.553 2.277a2 2 0 0 1-1.788 0l-4.212-2.106a2 2 0 0 0-1.788 0l-3.659 1.83A1 1 0 0 1 3 19.381V6.618a1 1 0 0 1 .553-.894l4.553-2.277a2 2 0 0 1 1.788 0zM15 5.764v15M9 3.236v15" />,
  "MapIcon",
);
