#!/usr/bin/env python3
"""The Python peer for the CSV export benchmark: reads the same daily performance_*.json
files sdkbench reads (one entry per line) and writes the same CSV rows with the csv module."""
import csv
import datetime
import glob
import json
import os
import sys


def iso(seconds):
    moment = datetime.datetime.fromtimestamp(seconds, tz=datetime.timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (moment.microsecond // 1000)


def entries(directory):
    for path in sorted(glob.glob(os.path.join(directory, "performance_*.json"))):
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                line = line.strip().rstrip(",")
                if line.startswith("{\"id\""):
                    yield json.loads(line)


def main(directory, out_path):
    with open(out_path, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["id", "feature", "layer", "startTime", "endTime", "duration", "metadata", "deviceModel", "iosVersion"])
        for entry in entries(directory):
            start = datetime.datetime.fromisoformat(entry["startTime"].replace("Z", "+00:00")).timestamp()
            end = datetime.datetime.fromisoformat(entry["endTime"].replace("Z", "+00:00")).timestamp()
            metadata = "|".join(f"{key}={value}" for key, value in sorted(entry["metadata"].items()))
            writer.writerow([entry["id"], entry["feature"], entry["layer"], iso(start), iso(end), entry["duration"], metadata,
                             entry["context"]["deviceModel"], entry["context"]["iosVersion"]])


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
