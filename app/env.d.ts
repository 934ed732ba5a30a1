/** Stylesheets are bundled as text and injected once (app/main.tsx). */
declare module '*.css' {
  const text: string;
  export default text;
}
