export declare const chromiumArgs: string[]
export declare function ensureChromium(): string
