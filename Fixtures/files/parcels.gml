<?xml version="1.0" encoding="UTF-8"?>
<gml:FeatureCollection xmlns:gml="http://www.opengis.net/gml/3.2" gml:id="parcels">
  <gml:featureMember>
    <gml:Point gml:id="p1"><gml:pos>47.37 8.54</gml:pos></gml:Point>
  </gml:featureMember>
</gml:FeatureCollection>
