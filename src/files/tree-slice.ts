import type { ProjectState } from '../project/model/store';

/**
 * What the Files tree shows of the project: paths, empty folders, the entry and the active
 * file, and which project it is (`loads`: another one opened). An edit changes none of them,
 * so with shallowEqual typing never re-renders the tree.
 */
export const treeSlice = (s: ProjectState) => ({
  paths: s.paths,
  folders: s.folders,
  entry: s.project.entry,
  activePath: s.activePath,
  loads: s.loads,
});

export type TreeSlice = ReturnType<typeof treeSlice>;
