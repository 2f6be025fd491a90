// Vite's `?raw` imports: a file's text (tests read the README's configuration table this way).
declare module "*?raw" {
  const text: string;
  export default text;
}
