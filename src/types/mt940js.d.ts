// mt940js ships no types: the part of its API statement-mt940.ts uses.
declare module 'mt940js' {
  export class Parser {
    constructor(options?: { no86Structure?: boolean });
    /** The statements of an MT940 text; with `withTags`, each keeps its raw tags (`tags`, each with `id` and `data`). */
    parse(data: string, withTags?: boolean): unknown[];
  }
  const mt940: { Parser: typeof Parser };
  export default mt940;
}
