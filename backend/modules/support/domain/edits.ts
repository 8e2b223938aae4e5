/** An edit as a request sends it: any subset of the fields (an absent or undefined field is unchanged). */
export type Edits<T> = { [K in keyof T]?: T[K] | undefined };
