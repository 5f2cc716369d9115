// Trajectory text is shown as text (React escapes it), but text can still mislead: ANSI escape sequences,
// other control characters and bidirectional overrides change how a line looks. They are made visible.

// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
const BIDI = /[\u202a-\u202e\u2066-\u2069]/g;

/** ESC → ␛, other C0 controls → their control pictures (U+2400…), DEL → ␡, bidi controls → ⟦U+202E⟧. */
export function visibleControls(text: string): string {
  return text
    .replace(CONTROL, (c) => (c === "\u007f" ? "\u2421" : String.fromCharCode(0x2400 + c.charCodeAt(0))))
    .replace(BIDI, (c) => `⟦U+${c.charCodeAt(0).toString(16).toUpperCase()}⟧`);
}
