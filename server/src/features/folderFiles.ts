// The files beside a file, as the host reads them (the editor's open documents first, then the disk): what a kind
// may read of a file's neighbours (a Logstash pipeline is the files of its folder together). Plain text, no file
// system here: lsp/ and the command line give an implementation (service/diskFolderFiles.ts).

export interface FolderFiles {
  /** The names of the files in the folder holding `file` (FeatureEnv.file's space), itself included, sorted; empty when it cannot be listed. */
  siblings(file: string): readonly string[];
  /** The text of the file `name` in the folder holding `file`; undefined when it cannot be read (or is larger than the host reads). */
  read(file: string, name: string): string | undefined;
}
