import { zodResolver } from '@hookform/resolvers/zod';
import { PARTNER_MESSAGES, PARTNER_MODAL_CLOSE_MS, type PartnerForm, PartnerFormSchema } from '@talentloop/contract';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogDescription, DialogTitle } from '../../ui/dialog.tsx';
import { TextField } from '../../ui/field.tsx';
import { requestPartnership } from './api/request-partnership.ts';
import { type Outcome, partnerFailure } from './partner-outcome.ts';

/**
 * "Hire Talents": company name and email -> loading -> success or error, which closes by itself after
 * 3 s. A click outside or Escape closes it; closing always starts over with an empty form (the
 * content unmounts). Radix Dialog traps focus and returns it to the button that opened it.
 * spec: auth-onboarding §2 Landing (partner modal), §5 Partner form, §9 (3 s)
 */
export function PartnerModal({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Radix returns focus to a Dialog.Trigger; this modal is opened by plain buttons, so it says where. */
  returnFocus: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} returnFocus={returnFocus}>
      <PartnerDialogBody onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}

function PartnerDialogBody({ onClose }: { onClose: () => void }) {
  const [phase, setPhase] = useState<'form' | 'loading'>('form');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const mounted = useRef(true);
  const close = useRef(onClose);
  close.current = onClose;
  const form = useForm<PartnerForm>({ resolver: zodResolver(PartnerFormSchema), defaultValues: { companyName: '', companyEmail: '' } });
  const { errors } = form.formState;

  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  // spec §9: success or error closes by itself after 3 seconds.
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => close.current(), PARTNER_MODAL_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const submit = form.handleSubmit(async (values) => {
    setPhase('loading');
    let result: Outcome;
    try {
      const res = await requestPartnership(values);
      result = { kind: 'success', title: 'Request sent', message: res.responseMessage || PARTNER_MESSAGES.received };
    } catch (err) {
      result = partnerFailure(err);
    }
    if (mounted.current) setOutcome(result);
  });

  if (outcome) {
    const success = outcome.kind === 'success';
    const Icon = success ? CircleCheck : CircleAlert;
    return (
      <div role={success ? 'status' : 'alert'} className="py-2 text-center">
        <span
          className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full ${success ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger'}`}
        >
          <Icon className="h-7 w-7" aria-hidden="true" />
        </span>
        <DialogTitle className="mt-4">{outcome.title}</DialogTitle>
        <DialogDescription>{outcome.message}</DialogDescription>
        <p className="mt-4 text-xs text-muted">This window closes by itself in {PARTNER_MODAL_CLOSE_MS / 1000} seconds.</p>
      </div>
    );
  }

  if (phase === 'loading') {
    return (
      <div role="status" className="flex flex-col items-center py-8 text-center">
        <LoaderCircle className="h-10 w-10 animate-spin text-brand-700" aria-hidden="true" />
        <DialogTitle className="mt-4">Sending your request…</DialogTitle>
        <DialogDescription>This takes a moment.</DialogDescription>
      </div>
    );
  }

  return (
    <>
      <DialogTitle className="pr-10">Hire vetted talent</DialogTitle>
      <DialogDescription>Tell us who you are and our team will get in touch to understand what you need.</DialogDescription>
      <form onSubmit={submit} noValidate className="mt-6 space-y-5">
        <TextField label="Company name" autoComplete="organization" error={errors.companyName?.message} {...form.register('companyName')} />
        <TextField
          label="Company email"
          type="email"
          autoComplete="email"
          error={errors.companyEmail?.message}
          {...form.register('companyEmail')}
        />
        <Button type="submit" className="w-full">
          Send request
        </Button>
      </form>
    </>
  );
}
