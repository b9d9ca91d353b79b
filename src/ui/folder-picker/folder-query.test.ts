import { describe, expect, it } from 'vitest';
import { folderQuery, narrowFolders } from './folder-query';
import { recentFolders } from './recent-folders';

describe('folderQuery', () => {
  it('lists the parent of a half-typed name, narrowed to it', () => {
    expect(folderQuery('/home/ada/Pro')).toEqual({ parent: '/home/ada', prefix: 'pro' });
    expect(folderQuery('/home/ada/')).toEqual({ parent: '/home/ada', prefix: '' });
    expect(folderQuery('/tm')).toEqual({ parent: '/', prefix: 'tm' });
  });

  it('lists the home folder for empty or relative text', () => {
    expect(folderQuery('')).toEqual({ parent: undefined, prefix: '' });
    expect(folderQuery('proj')).toEqual({ parent: undefined, prefix: 'proj' });
  });

  it('narrows by the start of the name, case ignored', () => {
    const folders = [{ name: 'Projects' }, { name: 'pictures' }, { name: 'src' }];
    expect(narrowFolders(folders, 'p').map((folder) => folder.name)).toEqual(['Projects', 'pictures']);
  });
});

describe('recentFolders', () => {
  const conversation = (folder: string) => ({ workspace: { working_dir: folder } });

  it('keeps each folder once, newest first, matching what is typed', () => {
    const list = ['/w/a', '/w/b', '/w/a', '/x/c'].map(conversation);
    expect(recentFolders(list, '')).toEqual(['/w/a', '/w/b', '/x/c']);
    expect(recentFolders(list, '/W/')).toEqual(['/w/a', '/w/b']);
    expect(recentFolders(list, '', 2)).toEqual(['/w/a', '/w/b']);
  });
});
