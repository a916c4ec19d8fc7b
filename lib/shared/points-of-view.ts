/**
 * The points of view the authors know, labelled for people. `pov` on `POST /v1/worlds` stays a
 * free string (any other value is read as words); the Studio offers these as a choice, not as
 * raw enum values. Each value is one the local author and the mock frame their camera for.
 */
export const POINTS_OF_VIEW = [
  { value: "third_person_shoulder", label: "Over the shoulder", description: "The camera follows just behind the hero." },
  { value: "first_person", label: "First person", description: "Through the hero's own eyes." },
  { value: "third_person", label: "Third person", description: "A wider view, a few steps behind." },
  { value: "top_down", label: "Top down", description: "From high above, looking down." },
  { value: "isometric", label: "Isometric", description: "A three-quarter view from above." },
  { value: "side_scroller", label: "Side view", description: "Flat, with the hero in profile." },
  { value: "cinematic", label: "Cinematic", description: "Wide shots and slow, film-like moves." },
] as const;
