import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { notePosition } from '../lib/unsaved-changes.ts';

/**
 * Stamps every session-history entry with its position (lib/unsaved-changes.ts notePosition), so
 * the unsaved-changes guard knows which way Back or Forward went and how far without reading the
 * router's private state. Mounted once, inside the router.
 */
export function HistoryPosition() {
  const { key } = useLocation();
  const navigation = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for every new entry (a new location key)
  useLayoutEffect(() => {
    notePosition(navigation);
  }, [key, navigation]);
  return null;
}
