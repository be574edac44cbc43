// An image tool's input: a file the user picked, or one of their creations sent from a result
// ("Send to…": lib/sent.ts). Both outlive the page, as the tool's job does (lib/rememberedState).
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useRememberedState } from '../../../lib/rememberedState';
import { useObjectUrl } from '../../../lib/useObjectUrl';
import { sentIn, type SentImage } from '../lib/sent';

export interface ImageInput {
  file: File | null;
  sent: SentImage | null;
  /** The picture shown (and compared with the result): the file's object URL or the creation's URL. */
  previewUrl: string | null;
  /** Its name, for the page's job parameters. */
  name: string | null;
  /** A picked file replaces a sent creation. */
  pick: (file: File) => void;
  /** The mutation's variables for the image: the file, or the creation's id (sourceCreationId); null when there is neither. */
  variables: () => { image: File } | { image: null; sourceCreationId: string } | null;
}

/**
 * `slot`: the tool's kind (its remembered state's key). `onNew` runs when a sent creation arrives
 * (as when a file is picked, the previous result is cleared).
 */
export function useImageInput(slot: string, onNew: () => void): ImageInput {
  const [file, setFile] = useRememberedState<File | null>(`${slot}:file`, null);
  const [sent, setSent] = useRememberedState<SentImage | null>(`${slot}:sent`, null);
  const fileUrl = useObjectUrl(file);
  const location = useLocation();
  const navigate = useNavigate();
  const arriving = sentIn(location.state);
  const onNewRef = useRef(onNew);
  onNewRef.current = onNew;

  useEffect(() => {
    if (!arriving) return;
    setSent(arriving);
    setFile(null);
    onNewRef.current();
    // Taken once: going back or reloading does not send it again over a file picked since.
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    // Once per navigation that brings one.
  }, [location.key]);

  const shown = arriving ?? sent;
  return {
    file: shown ? null : file,
    sent: shown,
    previewUrl: shown ? shown.url : fileUrl,
    name: shown ? shown.name : (file?.name ?? null),
    pick: (next) => {
      setFile(next);
      setSent(null);
    },
    variables: () => (shown ? { image: null, sourceCreationId: shown.id } : file ? { image: file } : null),
  };
}
