import { useState, type Dispatch, type SetStateAction } from 'react';
import { useLocation } from '@giftlane/shared-sdk/router';

/**
 * A menu's open state that closes when the address changes. Closed while rendering the new address, never by an
 * effect as the menu mounts: on a prerendered page the mount's effects run after the hydration's commit, and a tap
 * that opened the menu in between (a seller tapping as the page comes alive) would be undone by them.
 */
export function useMenuOpen(): [boolean, Dispatch<SetStateAction<boolean>>] {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    if (open) setOpen(false);
  }
  return [open, setOpen];
}
