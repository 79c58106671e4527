import type { Menu } from '@talentloop/contract';
import { DialogClose, DialogDescription, DialogFrame, DialogTitle } from '../../ui/dialog.tsx';
import { Logo } from '../../ui/logo.tsx';
import { type MenuBadges, ShellNavList } from './shell-nav.tsx';

// A chunk of its own (issue 37, first-load JS): the shell loads it when the drawer is first opened,
// so the dialog library is not part of a signed-in page's first load.

/** Phones: the same menu in a drawer from the left (Radix Dialog: focus trap, Escape, outside click). */
export function ShellDrawer({
  menu,
  open,
  onOpenChange,
  returnFocus,
  badges,
}: {
  menu: Menu;
  badges?: MenuBadges;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the drawer closes (the menu button; Radix only knows Dialog.Trigger). */
  returnFocus: () => void;
}) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      returnFocus={returnFocus}
      overlayClassName="md:hidden"
      className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col shadow-2xl md:hidden"
    >
      <div className="flex h-16 items-center justify-between border-b border-line pr-2 pl-4">
        <Logo to={menu.home} />
        <DialogClose label="Close menu" />
      </div>
      <DialogTitle className="sr-only">Menu</DialogTitle>
      <DialogDescription className="sr-only">Pages of your account</DialogDescription>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        <ShellNavList menu={menu} onNavigate={() => onOpenChange(false)} badges={badges} />
      </nav>
    </DialogFrame>
  );
}
