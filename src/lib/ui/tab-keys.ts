/**
 * Where a key press moves in a row of tabs (ARIA tabs: arrows wrap around, Home and End go
 * to the ends), or null for other keys. Shared by every tab row (src/islands/ui/CountedTabs.tsx).
 */
export function tabAfterKey<K>(keys: readonly K[], current: K, key: string): K | null {
  const index = keys.indexOf(current);
  const last = keys.length - 1;
  const target: Record<string, number> = {
    ArrowRight: index === last ? 0 : index + 1,
    ArrowLeft: index <= 0 ? last : index - 1,
    Home: 0,
    End: last,
  };
  return key in target ? keys[target[key]!]! : null;
}
