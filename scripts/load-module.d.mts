/** The repository's root. */
export declare const root: string
/** One of Vigil's TypeScript modules, loaded through Vite's module runner with the @/ alias. */
export declare function loadModule(path: string): Promise<unknown>
