import { describe, expect, it } from 'vitest';
import { describeFile } from './attached-files.tsx';

describe('attached files', () => {
  it('describes a file by its kind and size as people read them', () => {
    expect(describeFile({ mime: 'application/pdf', size: 52 })).toBe('PDF, 1 KB');
    expect(describeFile({ mime: 'image/png', size: 240 * 1024 })).toBe('PNG image, 240 KB');
    expect(describeFile({ mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: 3.5 * 1024 * 1024 })).toBe(
      'Word document, 3.5 MB',
    );
  });
});
