/**
 * A click the browser should handle as the link's own: a new tab or window (Ctrl/Cmd, middle
 * button), a download (Alt) or another window (Shift). Progressive links leave these alone and
 * act in place only on a plain click.
 */
export function opensElsewhere(e: {
  button: number;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean {
  return e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey;
}
