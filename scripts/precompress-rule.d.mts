export declare const COMPRESSIBLE: RegExp;
export declare const MIN_BYTES: number;
export declare function getsTwins(name: string, bytes: number): boolean;
