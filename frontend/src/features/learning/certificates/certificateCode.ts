/** A certificate's code as printed: in groups of four (K7M2-Q9X4-B8C3-D5F6), read left to right in either language. */
export const groupedCode = (id: string): string => id.match(/.{1,4}/g)?.join('-') ?? id;

/** The certificate's page: what a learner shares, and what a notification leads to. */
export const certificatePath = (id: string): string => `/certificates/${encodeURIComponent(id)}`;
