import type { RequestOf, ResponseOf } from '@talentloop/contract';
import {
  deleteCompanyLogo,
  dismissCompanyWelcome,
  getCompanyBasics,
  getCompanyContact,
  getCompanyHome,
  saveCompanyBasics,
  saveCompanyContact,
  sendCompanyEmailCode,
  uploadCompanyLogo,
  verifyCompanyEmail,
} from '@talentloop/contract/api/company';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, upload } from '../../../lib/api-client.ts';

// The company side's calls (issue 11). Each save puts the server's answer in its own query, and
// every answer carries the completion, which the side panel and the home page read from the server.

export const companyKeys = {
  all: ['company'] as const,
  home: ['company', 'home'] as const,
  basics: ['company', 'basics'] as const,
  contact: ['company', 'contact'] as const,
};

type Completion = ResponseOf<typeof getCompanyHome>['completion'];

/** After a save: the home page (completion) reloads when next shown. */
function useCompletionApplied() {
  const queryClient = useQueryClient();
  return (_completion: Completion) => queryClient.invalidateQueries({ queryKey: companyKeys.home });
}

export const useCompanyHome = () =>
  useQuery({ queryKey: companyKeys.home, queryFn: ({ signal }) => call(getCompanyHome, undefined, { signal }) });

export function useDismissWelcome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(dismissCompanyWelcome),
    onSuccess: () =>
      queryClient.setQueryData(companyKeys.home, (old: ResponseOf<typeof getCompanyHome> | undefined) =>
        old ? { ...old, showWelcome: false } : old,
      ),
  });
}

export const useCompanyBasics = () =>
  useQuery({ queryKey: companyKeys.basics, queryFn: ({ signal }) => call(getCompanyBasics, undefined, { signal }), retry: false });

export function useSaveBasics() {
  const queryClient = useQueryClient();
  const applied = useCompletionApplied();
  return useMutation({
    mutationFn: (body: RequestOf<typeof saveCompanyBasics>) => call(saveCompanyBasics, body),
    onSuccess: (res) => {
      queryClient.setQueryData(companyKeys.basics, {
        status: res.status,
        version: res.version,
        basics: res.basics,
        completion: res.completion,
      });
      applied(res.completion);
    },
  });
}

/** Logo upload and delete change only the logo of the loaded basics (a half-filled form stays). */
function useLogoApplied() {
  const queryClient = useQueryClient();
  const applied = useCompletionApplied();
  return (logoUrl: string | null, completion: Completion) => {
    queryClient.setQueryData(companyKeys.basics, (old: ResponseOf<typeof getCompanyBasics> | undefined) =>
      old ? { ...old, basics: { ...old.basics, logoUrl }, completion } : old,
    );
    queryClient.setQueryData(companyKeys.contact, (old: ResponseOf<typeof getCompanyContact> | undefined) =>
      old ? { ...old, completion } : old,
    );
    applied(completion);
  };
}

export function useUploadLogo() {
  const applied = useLogoApplied();
  return useMutation({
    mutationFn: (file: File) => upload(uploadCompanyLogo, { files: { logo: file } }),
    onSuccess: (res) => applied(res.logoUrl, res.completion),
  });
}

export function useDeleteLogo() {
  const applied = useLogoApplied();
  return useMutation({ mutationFn: () => call(deleteCompanyLogo), onSuccess: (res) => applied(null, res.completion) });
}

export const useCompanyContact = () =>
  useQuery({ queryKey: companyKeys.contact, queryFn: ({ signal }) => call(getCompanyContact, undefined, { signal }), retry: false });

export function useSaveContact() {
  const queryClient = useQueryClient();
  const applied = useCompletionApplied();
  return useMutation({
    mutationFn: (body: RequestOf<typeof saveCompanyContact>) => call(saveCompanyContact, body),
    onSuccess: (res) => {
      queryClient.setQueryData(companyKeys.contact, {
        status: res.status,
        version: res.version,
        contact: res.contact,
        completion: res.completion,
      });
      applied(res.completion);
    },
  });
}

export const useSendEmailCode = () => useMutation({ mutationFn: (email: string) => call(sendCompanyEmailCode, { email }) });

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  const applied = useCompletionApplied();
  return useMutation({
    mutationFn: (body: { email: string; otp: string }) => call(verifyCompanyEmail, body),
    onSuccess: (res) => {
      queryClient.setQueryData(companyKeys.contact, (old: ResponseOf<typeof getCompanyContact> | undefined) =>
        old
          ? {
              ...old,
              contact: { ...old.contact, verifiedEmail: res.verifiedEmail, emailVerified: old.contact.email === res.verifiedEmail },
              completion: res.completion,
            }
          : old,
      );
      applied(res.completion);
    },
  });
}
