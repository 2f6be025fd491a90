// Vite's `?raw` imports: a file's text (tests read the README's configuration table this way).
declare module "*?raw" {
  const text: string;
  export default text;
}

// Vite's eager `import.meta.glob` of files' text (a test reads every committed script this way).
interface ImportMeta {
  glob<T>(pattern: string, options: { query: "?raw"; import: "default"; eager: true }): Record<string, T>;
}
