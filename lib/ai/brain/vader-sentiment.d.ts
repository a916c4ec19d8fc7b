// The `vader-sentiment` package (VADER, Hutto & Gilbert 2014, ported to JavaScript) ships no
// types; its default export is typed where it is used (words.ts).
declare module "vader-sentiment" {
  const vader: unknown;
  export default vader;
}
