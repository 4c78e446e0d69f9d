//! A session file system the host serves: every path the runtime asks about lives under one
//! local directory. Empty mode accepts it instead of a base directory.

use std::path::{Component, Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use async_trait::async_trait;
use github_copilot_sdk::session_fs::{DirEntry, DirEntryKind, FileInfo, FsError, FsErrorKind, SessionFsProvider};

/// Serves the runtime's paths from `root`.
pub struct LocalFs {
    root: PathBuf,
}

impl LocalFs {
    pub fn new(root: PathBuf) -> LocalFs {
        LocalFs { root }
    }

    /// How many files the runtime has written under the root.
    pub fn files(&self) -> usize {
        fn count(dir: &Path) -> usize {
            std::fs::read_dir(dir)
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| if e.file_type().is_ok_and(|t| t.is_dir()) { count(&e.path()) } else { 1 })
                .sum()
        }
        count(&self.root)
    }

    /// `path` under the root; a path that climbs out (`..`) is refused.
    fn place(&self, path: &str) -> Result<PathBuf, FsError> {
        let mut place = self.root.clone();
        for component in Path::new(path).components() {
            match component {
                Component::Normal(part) => place.push(part),
                Component::RootDir | Component::CurDir => {}
                Component::ParentDir | Component::Prefix(_) => {
                    return Err(FsError::with_message(FsErrorKind::Other, format!("{path} leaves the session's root")));
                }
            }
        }
        Ok(place)
    }
}

/// A time as the runtime reads it: ISO 8601 in UTC.
fn iso(time: std::io::Result<SystemTime>) -> String {
    let seconds = time.ok().and_then(|t| t.duration_since(UNIX_EPOCH).ok()).map_or(0, |d| d.as_secs());
    let (days, rest) = (seconds / 86_400, seconds % 86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days.cast_signed() + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.000Z", rest / 3600, rest % 3600 / 60, rest % 60)
}

#[async_trait]
impl SessionFsProvider for LocalFs {
    async fn read_file(&self, path: &str) -> Result<String, FsError> {
        Ok(std::fs::read_to_string(self.place(path)?)?)
    }

    async fn write_file(&self, path: &str, content: &str, _: Option<i64>) -> Result<(), FsError> {
        let place = self.place(path)?;
        if let Some(parent) = place.parent() {
            std::fs::create_dir_all(parent)?;
        }
        Ok(std::fs::write(place, content)?)
    }

    async fn append_file(&self, path: &str, content: &str, _: Option<i64>) -> Result<(), FsError> {
        use std::io::Write;
        let place = self.place(path)?;
        if let Some(parent) = place.parent() {
            std::fs::create_dir_all(parent)?;
        }
        let mut file = std::fs::OpenOptions::new().create(true).append(true).open(place)?;
        Ok(file.write_all(content.as_bytes())?)
    }

    async fn exists(&self, path: &str) -> Result<bool, FsError> {
        Ok(self.place(path)?.exists())
    }

    async fn stat(&self, path: &str) -> Result<FileInfo, FsError> {
        let metadata = std::fs::metadata(self.place(path)?)?;
        let size = i64::try_from(metadata.len()).unwrap_or(i64::MAX);
        Ok(FileInfo::new(
            metadata.is_file(),
            metadata.is_dir(),
            size,
            iso(metadata.modified()),
            iso(metadata.created()),
        ))
    }

    async fn mkdir(&self, path: &str, recursive: bool, _: Option<i64>) -> Result<(), FsError> {
        let place = self.place(path)?;
        if recursive {
            std::fs::create_dir_all(place)?
        } else {
            std::fs::create_dir(place)?
        }
        Ok(())
    }

    async fn readdir(&self, path: &str) -> Result<Vec<String>, FsError> {
        Ok(self.readdir_with_types(path).await?.into_iter().map(|entry| entry.name).collect())
    }

    async fn readdir_with_types(&self, path: &str) -> Result<Vec<DirEntry>, FsError> {
        let mut entries = Vec::new();
        for entry in std::fs::read_dir(self.place(path)?)? {
            let entry = entry?;
            let kind = if entry.file_type()?.is_dir() { DirEntryKind::Directory } else { DirEntryKind::File };
            entries.push(DirEntry::new(entry.file_name().to_string_lossy(), kind));
        }
        Ok(entries)
    }

    async fn rm(&self, path: &str, recursive: bool, force: bool) -> Result<(), FsError> {
        let place = self.place(path)?;
        let removed = match std::fs::metadata(&place) {
            Ok(metadata) if metadata.is_dir() && recursive => std::fs::remove_dir_all(&place),
            Ok(metadata) if metadata.is_dir() => std::fs::remove_dir(&place),
            Ok(_) => std::fs::remove_file(&place),
            Err(error) => Err(error),
        };
        match removed {
            Err(error) if force && error.kind() == std::io::ErrorKind::NotFound => Ok(()),
            other => Ok(other?),
        }
    }

    async fn rename(&self, src: &str, dest: &str) -> Result<(), FsError> {
        let dest = self.place(dest)?;
        if let Some(parent) = dest.parent() {
            std::fs::create_dir_all(parent)?;
        }
        Ok(std::fs::rename(self.place(src)?, dest)?)
    }
}

#[cfg(test)]
mod tests {
    use super::iso;

    #[test]
    fn iso_dates() {
        let at = |s: u64| iso(Ok(std::time::UNIX_EPOCH + std::time::Duration::from_secs(s)));
        assert_eq!(at(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(at(951_782_400), "2000-02-29T00:00:00.000Z");
        assert_eq!(at(1_796_000_000), "2026-11-30T00:53:20.000Z");
    }
}
