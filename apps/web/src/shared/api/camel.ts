/** Type-level twin of `camelizeKeys`: the camelCase shape of a snake_case wire type. */
type CamelKey<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelKey<Tail>>}`
  : S;

export type Camel<T> = T extends readonly (infer Item)[]
  ? Camel<Item>[]
  : T extends object
    ? { [K in keyof T as K extends string ? CamelKey<K> : K]: Camel<T[K]> }
    : T;
