/**
 * Text without control characters (C0 and DEL): they do not render, and in a file name, a label or
 * an SVG they can break what shows them.
 */
export function withoutControlChars(text: string, replacement = ''): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u001f\u007f]/g, replacement);
}
