/** The part of Eleventy's programmatic API we use (it ships no type declarations). */
declare module '@11ty/eleventy' {
  export default class Eleventy {
    constructor(input: string, output: string, options?: { quietMode?: boolean; config?: (config: never) => void; configPath?: string | null });
    write(): Promise<unknown>;
  }
}
