/** The part of linkify-it 5.0.0 (no bundled types) that rich-text.ts uses. */
declare module 'linkify-it' {
  export interface Match {
    schema: string;
    index: number;
    lastIndex: number;
    raw: string;
    text: string;
    url: string;
  }
  export interface Options {
    fuzzyLink?: boolean;
    fuzzyIP?: boolean;
    fuzzyEmail?: boolean;
    '---'?: boolean;
  }
  export interface LinkifyIt {
    add(schema: string, definition: string | null | { validate: RegExp | ((text: string, pos: number, self: LinkifyIt) => number) }): LinkifyIt;
    set(options: Options): LinkifyIt;
    tlds(list: string | string[], keepOld?: boolean): LinkifyIt;
    test(text: string): boolean;
    match(text: string): Match[] | null;
  }
  export default function linkifyIt(schemas?: Record<string, unknown>, options?: Options): LinkifyIt;
}
