"use client";
// The ways to hand the panel local results: a folder, a zip or a trajectory through the file dialogs, or dropped
// on the drop zone. Each gives the files picked to `onFiles`; the input is cleared so the same pick loads again.
import { useRef, useState } from "react";
import { filesFromDrop, filesFromInput } from "@/lib/local";
import type { InputFile } from "@/lib/files/source";

export function LocalPicker({
  onFiles,
  onDropError,
}: {
  onFiles: (files: InputFile[]) => Promise<void>;
  onDropError: (err: unknown) => void;
}) {
  const [over, setOver] = useState(false);
  const folderInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn" onClick={() => folderInput.current?.click()}>
          Choose a folder…
        </button>
        <button type="button" className="btn" onClick={() => fileInput.current?.click()}>
          Choose a zip or agent logs…
        </button>
        <input
          ref={folderInput}
          type="file"
          hidden
          multiple
          data-testid="local-folder-input"
          {...{ webkitdirectory: "" }}
          onChange={(e) => {
            void onFiles(filesFromInput(e.currentTarget.files));
            e.currentTarget.value = "";
          }}
        />
        <input
          ref={fileInput}
          type="file"
          hidden
          multiple
          accept=".zip,.json,.jsonl,.traj,.eval"
          data-testid="local-file-input"
          onChange={(e) => {
            void onFiles(filesFromInput(e.currentTarget.files));
            e.currentTarget.value = "";
          }}
        />
      </div>
      <div
        data-testid="local-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          void filesFromDrop(e.dataTransfer).then(onFiles, onDropError);
        }}
        className={`rounded border-2 border-dashed p-4 text-center text-zinc-500 ${over ? "border-sky-500 bg-sky-50 dark:bg-sky-950" : "border-zinc-300 dark:border-zinc-700"}`}
      >
        …or drop a folder, a zip or a trajectory here
      </div>
    </>
  );
}
