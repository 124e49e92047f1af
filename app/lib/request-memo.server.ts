import { createContext } from "react-router";
import type { AppContext } from "~/context";

/**
 * A value worked out once per request and key, kept in the request's context (decision 0060):
 * `const checked = requestMemo<Promise<User | null>>()`, then
 * `checked(context, key, () => lookUp(...))` anywhere in that request returns the first answer.
 * Nothing outlives the request, and no module holds requests.
 */
export function requestMemo<T>() {
  const slot = createContext<Map<string, T> | null>(null);
  return (context: AppContext, key: string, compute: () => T): T => {
    let values = context.get(slot);
    if (!values) context.set(slot, (values = new Map()));
    if (!values.has(key)) values.set(key, compute());
    return values.get(key)!;
  };
}
