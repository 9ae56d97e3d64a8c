/** A font file bundled into the worker as a base64 data: URI (Vite's `?inline`), see draw.ts. */
declare module '*.woff?inline' {
  const dataUri: string;
  export default dataUri;
}
