import { describe, expect, it } from 'vitest';
import { type PortfolioDraft, canAdd, canRemove, fromSaved, remove, signature, toWire, upsert } from './portfolio-draft.ts';

const link = (key: string, url = 'https://example.com/work'): PortfolioDraft => ({
  key,
  freelancerPortfolioId: null,
  portfolioTitle: `Item ${key}`,
  portfolioDesc: 'A description',
  portfolioSkills: ['React'],
  content: { kind: 'url', url },
});
const withFile = (key: string, name = 'case.pdf'): PortfolioDraft => ({
  ...link(key),
  content: { kind: 'file', file: new File(['%PDF-1.4'], name, { type: 'application/pdf' }) },
});

describe('portfolio local list', () => {
  it('holds at most two items: a third add changes nothing', () => {
    const two = upsert(upsert([], link('a')), link('b'));
    expect(two).toHaveLength(2);
    expect(canAdd(two)).toBe(false);
    expect(upsert(two, link('c')).map((i) => i.key)).toEqual(['a', 'b']);
  });

  it('edits an item in place by its key', () => {
    const list = [link('a'), link('b')];
    const edited = upsert(list, { ...link('b'), portfolioTitle: 'Renamed' });
    expect(edited.map((i) => i.portfolioTitle)).toEqual(['Item a', 'Renamed']);
  });

  it('never removes the last remaining item', () => {
    const one = [link('a')];
    expect(canRemove(one)).toBe(false);
    expect(remove(one, 'a')).toHaveLength(1);
    expect(remove([link('a'), link('b')], 'a').map((i) => i.key)).toEqual(['b']);
  });

  it('numbers attached files from 1 in list order and sends links without a file', () => {
    const { portfolioDetails, files } = toWire([withFile('a', 'one.pdf'), link('b'), withFile('c', 'two.pdf')]);
    expect(portfolioDetails.map((i) => i.fileIndex)).toEqual([1, null, 2]);
    expect(files.map((f) => f.name)).toEqual(['one.pdf', 'two.pdf']);
    expect(portfolioDetails[1]).toMatchObject({ portfolioUrl: 'https://example.com/work' });
    expect(portfolioDetails[0]).toMatchObject({ portfolioUrl: null });
  });

  it('keeps a stored file by sending its id with neither URL nor fileIndex', () => {
    const saved = fromSaved([
      {
        freelancerPortfolioId: '0b5e6a1c-7f0e-4a53-9f7a-5d0c1d2e3f40',
        portfolioTitle: 'Shot',
        portfolioDesc: 'd',
        portfolioSkills: ['Figma'],
        portfolioUrl: null,
        contentType: 'IMAGE',
        fileUrl: '/api/files/abc',
        fileMime: 'image/webp',
        fileSize: 1200,
      },
    ]);
    expect(saved[0]?.content.kind).toBe('stored');
    const { portfolioDetails, files } = toWire(saved);
    expect(files).toEqual([]);
    expect(portfolioDetails[0]).toMatchObject({
      freelancerPortfolioId: '0b5e6a1c-7f0e-4a53-9f7a-5d0c1d2e3f40',
      portfolioUrl: null,
      fileIndex: null,
    });
  });

  it('changes its signature when an item changes and not when nothing did', () => {
    const list = [link('a')];
    expect(signature(list)).toBe(signature([link('a')]));
    expect(signature(list)).not.toBe(signature([link('a', 'https://example.com/other')]));
  });
});
