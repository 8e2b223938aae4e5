/** The message thrown when index.html has no mount point (the spec's wording). */
export const ROOT_NOT_FOUND_MESSAGE = 'Root element not found in DOM';

/** Finds the element React mounts into, or throws: a blank page with no error helps no one. */
export function getRootElement(doc: Document, id = 'root'): HTMLElement {
  const element = doc.getElementById(id);
  if (!element) {
    throw new Error(ROOT_NOT_FOUND_MESSAGE);
  }
  return element;
}
