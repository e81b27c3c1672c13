# blind21: writes questions.jsonl and runs all mechanical checks. blind20's make_questions.py with this set's questions and
# these changes, marked 'blind21': paths /tmp/blind21_*, seed 211 for the kind-of-sequence walk, this set's draws in the
# order asserts, and this set's spec pages and key phrases. Everything else (regexes, field checks, the package- and
# class-folder-scoped api check, caller checks incl. blind17's string-aware MATLAB comment cut, the page checks in both
# PDF copies) is blind20's (i.e. blind17's), unchanged. Reads /tmp/blind21_all.txt and /tmp/blind21_callers.json (written
# by the listing command in README.md / draw_example_funcs.py). Needs pdftotext/pdfinfo (poppler-utils) for the page
# checks. Run from anywhere (paths are absolute).
import json, os, re, sys, subprocess, random
from collections import Counter
D='/work/shared/data'
OUT=os.path.join(os.path.dirname(os.path.abspath(__file__)),'questions.jsonl')
M='pulseq/matlab/demoSeq/'; P='pypulseq/examples/scripts/'
A='pulseq/matlab/+mr/'; PA='pypulseq/src/pypulseq/'
SPEC=['pulseq/doc/specification.pdf','pulseq-website/specification.pdf']
callers=json.load(open('/tmp/blind21_callers.json'))
Q=[]
def ex(q,rel,cls,style,fn=None,lang=None):
    Q.append(dict(_cls=cls,_style=style,_fn=fn,_lang=lang,query=q,expected_source='examples',relevant=rel,answerable=True,kind='example',check='code'))
def fx(q,fn,lang,style):
    rel=callers[f'{lang} {fn}']
    ex(q,rel,lang,style,fn,lang)
# --- 10 named-function example requests, draw order (6 MATLAB, then 4 Python)
fx('which demos give each block a rotation event from mr.makeRotation so that the radial spokes turn without rebuilding the gradient objects?','mr.makeRotation','matlab','b')
fx("I want to see the spectrum of an RF pulse together with its bandwidth and centre frequency; show me the demos that call mr.calcRfBandwidth",'mr.calcRfBandwidth','matlab','c')
fx('seq.registerLabelEvent in the demos: label events registered once before the loop, such as reference-scan flags or a partition counter increment','seq.registerLabelEvent','matlab','a')
fx('is there a demo that reads blocks back out of the sequence with seq.getBlock, for instance to verify the TR or to assemble an RF-only copy of the sequence?','seq.getBlock','matlab','b')
fx("I'd like to listen to my sequence through its gradient waveforms; which MATLAB demos actually call seq.sound instead of leaving it commented out?",'seq.sound','matlab','c')
fx('mr.aux.findFlank demo: slice thickness of simulated excitation and refocusing profiles measured at half height','mr.aux.findFlank','matlab','a')
fx('which pypulseq example scripts cut a gradient in two with pp.split_gradient_at, say a phase blip at its midpoint or a readout at the end of its flat top?','pp.split_gradient_at','python','b')
fx("After loading a sequence file in pypulseq I need to read back the name stored in its definitions; point me to the example that calls seq.get_definition",'seq.get_definition','python','c')
fx('pypulseq pp.make_adiabatic_pulse example: hyperbolic secant inversion ahead of a 3D gradient-echo readout','pp.make_adiabatic_pulse','python','a')
fx('in pypulseq, where do the example scripts use pp.align to push gradients to the left or right edge of a block, for instance the two halves of a split blip?','pp.align','python','b')
# --- 10 kind-of-sequence example requests, walk order; none names a language, a file or an identifier
ex("I need a 2D multi-slice T1-weighted MPRAGE-style sequence in which every single phase-encoding line gets its own preparation: a 90 degree 500 us hard preparation pulse, spoilers on all three axes worth four times the slice-selection area, and an inversion-time wait of 140 ms before a 12 degree 2 ms sinc excitation with time-bandwidth product 4 on 5 mm slices; TE 13 ms, TR 65 ms, 128 by 128 over 220 mm, a 6400 us readout with 2 ms prephasers, the phase encoding undone together with the readout spoiler, three slices in the outer loop, and all filling delays rounded to the block-duration raster. Is there an example like that?",
   [P+'write_2Dt1_mprage.py'],'none','c')
ex('diffusion-weighted spin-echo EPI with ramp sampling and phase blips split in half and merged across neighbouring readouts, prepared for prospective motion correction: a label switches the motion-correction flag on in the excitation block and off again in the next block, which holds the first diffusion gradient; b-value 1000 s/mm2 with Stejskal-Tanner trapezoids on both sides of the refocusing pulse, TE 100 ms, three-quarter partial Fourier, three 2 mm slices, 112 by 112 over 224 mm, 630 us per echo, a 110 degree Gaussian fat saturation, an output trigger with every excitation, and plots of how the flag evolves over the blocks',
   [M+'writeEpiDiffusionRS_PMC.m'],'none','a')
ex('is there a plain Cartesian multi-shot turbo spin echo, without rotated blades, with 16 echoes per train and 12 ms echo spacing, where one extra dummy train without acquisition is played before the measured ones, a 2500 us 90 degree excitation sinc and 2 ms 180 degree refocusing sincs with the excitation phase shifted by 90 degrees, every ramp 250 us, the slice and readout gradients cut into piecewise-linear pieces at the block boundaries, a phase-encoding step and its rewinder around every echo, 6400 us of sampling per echo, a single 5 mm slice over 256 mm and TR 2 s?',
   [M+'writeTSE.m',P+'write_tse.py'],'none','b')
ex("I'm looking for a spin-echo EPI without diffusion weighting that samples on the ramps and overlaps the phase blips with the readout ramps by splitting each blip into halves: TE 40 ms, three 3 mm slices, 64 by 64 over 250 mm, 420 us per echo, three-quarter partial Fourier, 2 ms sinc excitation and refocusing pulses, slice spoilers around the refocusing pulse worth one and a half times the excitation slice-selection area, the refocusing block also holding the second TE delay and both prephasers, a Gaussian fat saturation before each slice and an output trigger with every excitation. Which example does that?",
   [M+'writeEpiSpinEchoRS.m',P+'write_epi_se_rs.py'],'none','c')
ex('3D MPRAGE with deliberately lowered limits of 24 mT/m and 80 T/m/s so that its inner repetition time roughly matches the same protocol on a GE scanner, and the main field set to 123/128 of 3 T: besides the Pulseq file it writes inversion, crusher, tip-down and readout modules plus the scan-loop text for TOPPE, runs a preflight check and bundles all scanner files into a tar archive; a 10240 us hyperbolic-secant adiabatic inversion, a 10 ms spoiler with four cycles per voxel during the inversion delay, 2500 ms from one inversion to the next, 84 degree RF spoiling, and the excitation and inversion objects registered before the loop',
   [M+'writeMPRAGE_4ge.m'],'none','a')
ex('do you have the simplest possible free induction decay acquisition: a non-selective 90 degree hard pulse of 300 us with no gradients at all inside a 20 ms block, then 4096 samples read over 512 ms inside a 5 s block, the pair repeated 16 times?',
   [M+'writeFid.m'],'none','b')
ex("I'd like a minimal single-slice spin-echo EPI without ramp sampling: a 90 degree 3 ms sinc excitation on a 3 mm slice, a 500 us hard 180 degree refocusing pulse framed by two slice-axis crushers of twice the slice-selection area, TE 60 ms, 64 by 64 over 256 mm, 320 us readouts with every phase blip in a block of its own between them, and in-plane prephasers with positive areas because the refocusing pulse mirrors k-space. Where do I find that?",
   [P+'write_epi_se.py',M+'writeEpiSpinEcho.m'],'none','c')
ex('is there a segmented cardiac cine gradient echo that waits for a physiological trigger at the start of every segment and then records 8 cardiac phases, with the 128 phase-encoding lines shared out over 15 heartbeats so that a few more lines than the matrix may be measured, the line order reversed in every second segment, an output pulse on an external trigger channel with every excitation, a 5 degree 2 ms sinc on a 5 mm slice, TE 4920 us, TR 9 ms, 84 degree RF spoiling, and the automatically generated repetition counter relabelled as the cardiac phase counter?',
   [M+'writeCineGradientEcho.m'],'none','b')
ex("labelled gradient echo that cycles three echo times (4380 us, 6840 us and 12 ms) over consecutive excitations, one echo per excitation, with the echo counter incremented and then reset, the line counter advanced after the last echo time and the slice counter at the end of the slice; a readout-reversal flag set once at the very start, the whole acquisition run twice with a repetition counter and a 5 s pause, TR 20 ms, 15 degrees with a 3 ms sinc, 256 by 256 over 224 mm on one 5 mm slice, 84 degree RF spoiling, and the echo times and TR stored in the file's definitions",
   [M+'writeGRE_multiEcho_label.m'],'none','a')
ex('do you have a spin echo whose excitation is a two-dimensional spatially selective pulse played along an 8-turn spiral k-space trajectory lasting 8 ms, designed for a 200 mm excitation field with a Gaussian target a little over 2 cm across and with gradient ramps added to both the spiral and the RF waveform, a 20 degree flip angle, followed by a 3 ms slice-selective 180 degree sinc refocusing on 5 mm between two spoilers, TE 20 ms, TR 500 ms, 256 by 256 over 220 mm and a 6400 us readout?',
   [M+'writeSelectiveRf.m'],'none','b')
# --- 8 spec questions (6 MATLAB-named, 2 Python-named)
def sp(q,pages,cls,style):
    Q.append(dict(_cls=cls,_style=style,query=q,expected_source='docs',relevant=SPEC,answerable=True,kind='spec',check='text',pages=pages))
sp("I build my sequence with mr.Sequence and fill it with blocks. How does the specification describe the three levels of the file (what a block, an event and a shape are, and why repeated events cost nothing extra), how is a comment line marked, and in which numeric formats are integers, floating-point values, IDs and shape samples stored?",[6],'matlab','c')
sp('how must a line of the [DEFINITIONS] section look when I add my own entries with seq.setDefinition: what separates the key from the value, where does the value end, is white space around the value kept, may the key contain spaces, and do definitions that are not required change how the sequence is executed?',[8,9],'matlab','b')
sp('blocks added with seq.addBlock as they appear in the [BLOCKS] section: the unit of the duration field, what the last column refers to, how many blocks a sequence must declare and in which order they run, what an interpreter must do if an event lasts longer than its block, and how the example line 1 319 1 0 0 2 0 0 is read',[11],'matlab','a')
sp("I'm defining a readout with mr.makeAdc. In the specification's [ADC] example, how many samples and which dwell time does the line declare, what does the text say the frequency and phase offsets are used for, and what are the ppm-based offsets usable for?",[16],'matlab','c')
sp('when a block holds an output pulse from mr.makeDigitalOutputPulse together with other extension events, how does the file chain them: which four numbers make up an [EXTENSIONS] entry, what kind of list do the entries form, how is each extension then introduced, and may an interpreter rely on the numeric type ID instead of the string ID?',[16,17],'matlab','b')
sp("the FID example at the start of the specification, whose hard pulse is what mr.makeBlockPulse produces: the durations of its three blocks, the RF event's peak amplitude, centre, delay and use letter, the ADC's sample count, dwell time and delay, and the sample counts of its two shapes",[5,6],'matlab','a')
sp('pypulseq seq.write() with a signature: how the specification says the hash is produced and appended, what happens to the newline before [SIGNATURE] when the file is verified, which two fields the section must contain and in what format, and which hashing algorithms it gives as examples',[8],'python','a')
sp("I'm exporting a noisy waveform from pypulseq pp.make_arbitrary_grad that barely compresses. What does the specification allow an exporter to do with such shapes and why, how does a reader recognise a shape that was stored uncompressed, and when must the writer store it uncompressed?",[21],'python','c')
# --- 12 api questions (9 params: 6 MATLAB, 3 Python; 3 returns: 2 MATLAB, 1 Python), draw order of draw_api.py
def api(q,lang,entry,check,rel,style):
    Q.append(dict(_cls=lang,_style=style,query=q,expected_source='api_reference',relevant=rel,answerable=True,kind='api',lang=lang,entry=entry,check=check))
SQ=A+'@Sequence/Sequence.m'
api("I'm entering my scanner's gradient limits, raster times and dead times in mr.opts; which parameters can I pass, and which units are accepted for gradient, slew and B1?",'matlab','opts','params',[A+'opts.m'],'c')
api('mr.aux.quat.rotate inputs','matlab','rotate','params',[A+'+aux/+quat/rotate.m'],'a')
api('what arguments does mr.splitGradientAt take, and is the system struct optional?','matlab','splitGradientAt','params',[A+'splitGradientAt.m'],'b')
api('which three inputs does mr.makeLabel expect, and in what order?','matlab','makeLabel','params',[A+'makeLabel.m'],'b')
api("I want to plot how my counters and flags change from block to block; which options does seq.evalLabels accept?",'matlab','evalLabels','params',[SQ],'c')
api('mr.makeTrapezoid name/value options','matlab','makeTrapezoid','params',[A+'makeTrapezoid.m'],'a')
api("which keyword arguments does pypulseq's seq.plot() accept?",'python','plot','params',[PA+'Sequence/sequence.py'],'b')
api("I need the acoustic spectrum of my gradient waveforms in pypulseq; what parameters does seq.calculate_gradient_spectrum take?",'python','calculate_gradient_spectrum','params',[PA+'Sequence/sequence.py',PA+'Sequence/calc_grad_spectrum.py'],'c')
api('what arguments does the pypulseq method seq.calculate_kspacePP take?','python','calculate_kspacePP','params',[PA+'Sequence/sequence.py'],'b')
api('mr.aux.rotmat.x return value','matlab','x','returns',[A+'+aux/+rotmat/x.m'],'a')
api("I'm checking the adjustable delays of a sequence before exporting it: what three outputs come back from seq.getDefaultSoftDelayValues, and what does each hold?",'matlab','getDefaultSoftDelayValues','returns',[SQ],'c')
api('pypulseq: what does the module-level register_grad_event() in Sequence/block.py return for a trapezoid and for an arbitrary gradient?','python','register_grad_event','returns',[PA+'Sequence/block.py',PA+'Sequence/sequence.py'],'b')

# ---------------- checks
assert len(Q)==40
MAT=re.compile(r'\b(mr(\.\w+)+|seq\.[a-z]+[A-Z]\w*)')
PY=re.compile(r'\b(pp\.\w+|seq\.[a-z]+_\w+|[a-z]+_[a-z_]+|\w+\(\))')
cnt={'matlab':0,'python':0,'none':0}
for q in Q:
    t=q['query']; c=q['_cls']; cnt[c]+=1
    m=bool(MAT.search(t)) or bool(re.search(r'\bseq\.\w+',t) and 'matlab' in t.lower()); p=bool(PY.search(t))
    if c=='matlab': assert m,t
    elif c=='python': assert p and not m,t
    else: assert not m and not p and not re.search(r'\w\.\w',t),t
print('named counts',cnt); assert cnt=={'matlab':20,'python':10,'none':10}
grp=Counter((q['kind'],q['check'],q['_cls']) for q in Q); print(sorted(grp.items()))
assert grp[('api','params','matlab')]==6 and grp[('api','params','python')]==3
assert grp[('api','returns','matlab')]==2 and grp[('api','returns','python')]==1
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='params')==9
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='returns')==3
assert grp[('example','code','matlab')]==6 and grp[('example','code','python')]==4 and grp[('example','code','none')]==10
assert sum(1 for q in Q if q['kind']=='example')==20
assert sum(1 for q in Q if q['kind']=='example' and q.get('_fn'))==10
assert sum(1 for q in Q if q['kind']=='example' and not q.get('_fn'))==10
assert all(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']!='none')
assert not any(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']=='none')
assert grp[('spec','text','matlab')]==6 and grp[('spec','text','python')]==2 and grp[('spec','text','none')]==0
assert sum(1 for q in Q if q['kind']=='spec')==8
# every question: the fields of its kind (as blind10/blind12)
for q in Q:
    assert q['answerable'] is True
    assert q['expected_source']=={'example':'examples','api':'api_reference','spec':'docs'}[q['kind']]
    assert q['check']=={'example':'code','spec':'text'}.get(q['kind'],q['check']) and q['check'] in ('code','text','params','returns')
    assert ('pages' in q)==(q['kind']=='spec') and (('entry' in q)==('lang' in q)==(q['kind']=='api'))
    if q['kind']=='spec': assert q['relevant']==SPEC
# Python-named queries say pypulseq; no-identifier queries name no language; MATLAB-named queries carry their prefix
for q in Q:
    if q['_cls']=='python': assert 'pypulseq' in q['query'],q['query']
    if q['_cls']=='none': assert not re.search(r'matlab|python|pypulseq',q['query'],re.I),q['query']
    if q['_cls']=='matlab': assert re.search(r'\b(mr|seq)\.',q['query']),q['query']
# paths exist
for q in Q:
    for r in q['relevant']: assert os.path.exists(os.path.join(D,r)),r
# names and stems of all 59 example scripts: no query contains one
allf=[l.strip() for l in open('/tmp/blind21_all.txt') if l.strip()]
assert len(allf)==59
stems=[os.path.splitext(os.path.basename(l))[0] for l in allf]
for q in Q:
    for s in stems: assert s.lower() not in q['query'].lower(),(s,q['query'])
# api: entry defined in the first relevant file, and relevant = every file of its language's API tree defining it
for q in Q:
    if q['kind']!='api': continue
    src=open(os.path.join(D,q['relevant'][0]),encoding='utf-8',errors='replace').read()
    rx=(r'^[ \t]*function\s+(?:(?:\[[^\]]*\]|\w+)\s*=\s*)?'+q['entry']+r'\s*\(') if q['lang']=='matlab' else (r'^[ \t]*def\s+'+q['entry']+r'\s*\(')
    assert re.search(rx,src,re.M),q['entry']
    tree=os.path.join(D,'pulseq/matlab/+mr' if q['lang']=='matlab' else 'pypulseq/src/pypulseq')
    defs=[]
    for dp,dn,fn in os.walk(tree):
        for f in fn:
            if f.endswith('.m' if q['lang']=='matlab' else '.py'):
                p=os.path.join(dp,f)
                if re.search(rx,open(p,encoding='utf-8',errors='replace').read(),re.M): defs.append(os.path.relpath(p,D))
    # blind15: only files in the package the query names (mr.aux.quat.<name> -> +mr/+aux/+quat/, mr.<name> -> +mr/,
    # seq.<name> -> +mr/@Sequence/); Python unchanged (every defining file)
    # blind16: a capitalised component is a class folder (mr.EventLibrary -> +mr/@EventLibrary/); if the query has no
    # '<qualifier>.<entry>' (the find_mat question says 'find_mat function in the mr.EventLibrary class folder'), the
    # qualifier is the query's first mr./seq. token
    if q['lang']=='matlab':
        mq=re.search(r'\b((?:mr|seq)(?:\.\w+)*)\.'+q['entry']+r'\b',q['query']) or re.search(r'\b((?:mr|seq)(?:\.\w+)+)',q['query'])
        pref=mq.group(1)
        pdir='pulseq/matlab/+mr/@Sequence' if pref=='seq' else 'pulseq/matlab/'+'/'.join(('@'+x if x[0].isupper() else '+'+x) for x in pref.split('.'))
        other=[d for d in defs if os.path.dirname(d)!=pdir]
        if other: print('  api',pref+'.'+q['entry'],'also defined (other package, not labelled):',other)
        defs=[d for d in defs if os.path.dirname(d)==pdir]
    assert sorted(defs)==sorted(q['relevant']),(q['entry'],defs)
    assert q['entry'] in q['query']
# api entries are draw_api.py's picks, in draw order
# blind21: this set's draw
assert [q['entry'] for q in Q if q['kind']=='api']==['opts','rotate','splitGradientAt','makeLabel',
  'evalLabels','makeTrapezoid','plot','calculate_gradient_spectrum','calculate_kspacePP','x',
  'getDefaultSoftDelayValues','register_grad_event']
# blind17: the MATLAB comment cut of the raw-text caller check skips '%' inside string literals (writeSpiral.m calls
# mr.convert inside fprintf('... %g ...', mr.convert(...)), which a plain split at the first '%' would cut off); a quote
# after a letter, digit, ')', ']', '}', '.' or another quote is a transpose, not a string start
def mcode_part(line):
    instr=None
    for i,ch in enumerate(line):
        if instr:
            if ch==instr: instr=None
            continue
        if ch=='%': return line[:i]
        if ch=='"': instr='"'
        elif ch=="'" and not (i>0 and (line[i-1].isalnum() or line[i-1] in "_)]}.'")): instr="'"
    return line
# labelled example scripts really call the named function: raw text, a non-comment line with the (qualified) name
# followed by "(" or end of word (not a longer name, not an assignment), in addition to the draw's parser
for q in Q:
    if q.get('_fn'):
        fn=q['_fn']; pat=(r'\bseq\w*\.'+re.escape(fn[4:]) if fn.startswith('seq.') else r'\b'+re.escape(fn))+r'\b(?!\s*=[^=])'
        for r in q['relevant']:
            src=open(os.path.join(D,r),encoding='utf-8',errors='replace').read()
            lines=[l for l in src.split('\n') if re.search(pat,mcode_part(l) if r.endswith('.m') else l.split('#')[0])]
            assert lines,(fn,r)
            assert r.endswith('.m')==(q['_lang']=='matlab')
        # and every script of that language that calls it is labelled (callers list = relevant)
        assert q['relevant']==callers[f"{q['_lang']} {fn}"] and q['relevant']
        assert fn in q['query']
        print(f"  {fn}: {len(q['relevant'])} scripts OK")
# the drawn functions are those printed by draw_example_funcs.py (in draw order), none of them an api entry of this set
exfns=[q['_fn'] for q in Q if q.get('_fn')]
# blind21: this set's draw
assert exfns==['mr.makeRotation','mr.calcRfBandwidth','seq.registerLabelEvent','seq.getBlock','seq.sound','mr.aux.findFlank',
  'pp.split_gradient_at','seq.get_definition','pp.make_adiabatic_pulse','pp.align']
assert not {f.split('.')[-1] for f in exfns}&{q['entry'] for q in Q if q['kind']=='api'}
# example relevants only under example dirs
for q in Q:
    if q['kind']=='example':
        for r in q['relevant']: assert r.startswith((M,P)) and r in allf,r
# kind-of-sequence walk re-run: shuffle with seed 211 (blind21); skip scripts that are not a sequence and scripts already
# labelled under a kind kept earlier; the first 10 kept are the drawn files, each the first entry of its label list
ks=[q for q in Q if q['kind']=='example' and not q.get('_fn')]
NOT_SEQ={P+'demo_read.py',P+'pns_test.py',P+'soft_delay_simple_example.py'}
f=list(allf); random.seed(211); random.shuffle(f)
kept=[]; labelled=set(); skipped=[]
for x in f:
    if len(kept)==10: break
    if x in NOT_SEQ: skipped.append((x,'not a sequence')); continue
    if x in labelled: skipped.append((x,'already labelled')); continue
    i=len(kept); kept.append(x); labelled|=set(ks[i]['relevant'])
print('walk kept',len(kept),'skipped',skipped)
assert [q['relevant'][0] for q in ks]==kept
# no script labelled for two kinds (the kinds are distinct)
lab=[r for q in ks for r in q['relevant']]; assert len(lab)==len(set(lab))
# functions named by the spec questions are not among the drawn example functions nor this set's api entries
specfns=[fn for q in Q if q['kind']=='spec' for fn in re.findall(r'\b(?:mr|pp|seq)(?:\.\w+)+',q['query'])]
print('spec functions',specfns)
assert len(specfns)==8 and not set(specfns)&set(exfns)
assert not {f.split('.')[-1] for f in specfns}&{q['entry'] for q in Q if q['kind']=='api'}
# spec pages exist in both PDF copies and every key phrase of the answer is on the labelled pages of BOTH copies
def npages(f): return int(re.search(r'^Pages:\s+(\d+)',subprocess.run(['pdfinfo',os.path.join(D,f)],capture_output=True,text=True).stdout,re.M).group(1))
def ptext(f,p): return subprocess.run(['pdftotext','-layout','-f',str(p),'-l',str(p),os.path.join(D,f),'-'],capture_output=True,text=True).stdout
def norm(t): return re.sub(r'\s+',' ',t).replace('[ ','[').replace(' ]',']')
n1,n2=npages(SPEC[0]),npages(SPEC[1]); print('pdf pages',n1,n2)
same=[p for p in range(1,min(n1,n2)+1) if ptext(SPEC[0],p)==ptext(SPEC[1],p)]
print('identical pages',same)
# blind21: this set's pages and key phrases
KEY={5:['[BLOCKS] 1 42 1 0 0 0 0 0 2 500 0 0 0 0 0 0 3 10244 0 0 0 0 1 0',
        '[RF] 1 833 .333 1 2 0 150 100 0 0 0 0 e',
        '[ADC] 1 1024 100000 20 0 0 0 0 0',
        'shape_id 1 num_samples 300 1 0 0 297','shape_id 2 num_samples 300 0 0 298'],
     6:['Figure 1: Visualisation of the hierarchical structure of the file format for an FID example',
        'The sequence description consists of a three-level hierarchical structure',
        'This ensures a compact representation, since repeating events (or shapes) are only declared once',
        'Each block refers to one or more event(s) to be executed simultaneously',
        'some types may refer to one or more basic shapes',
        'A shape is a compressed list of samples','The compression scheme is a type of run-length encoding',
        'Comments are specified by a line starting with a hash',
        'integer types are stored as 64-bit unsigned integers while floating-point numbers are in the 64-bit IEEE 754 floating- point format',
        'Exceptions are <id> values, which are 32-bit integers','Shapes are stored as 32-bit single-precision floats'],
     8:['The Pulseq file may end with an optional section [SIGNATURE]',
        'The signature is generated by hashing the readily exported file with a corre- sponding algorithm (in this example md5sum) and appending the [SIGNATURE] section',
        'The new line character preceding the keyword [SIGNATURE] is part of the signature and needs to be stripped away for the signature verification',
        'The [SIGNATURE] section must contain two following fields along with any additional information in the format identical to that of [DEFINITIONS]',
        'Type string ID of the hashing algorithm (e.g. md5, sha1 or sha256)',
        'Hash string Hash value produced by the hashing function in the hexadec- imal format',
        'This defines a list of user-specified key/value pairs',
        'The <value> field is separated by a single space or tab character from <key> and is terminated at the end of the line',
        'Any (additional) white space at the beginning and at the end of <value> is ignored',
        'The <key> field cannot contain any white space caracters'],
     9:['It is important to note that all definitions that are not required are optional and do not affect the basic sequence execution'],
     11:['<duration> integer duration of the current block in units of BlockDurationRaster',
         '<ext> integer ID of the extension table entry',
         'The sequence must declare at least one block','The blocks are executed sequentially',
         'No event comprising this block is allowed to last longer than the specified block duration',
         'The interpreters must to throw an error, should they detect such condition',
         '[BLOCKS] 1 319 1 0 0 2 0 0',
         'has a duration of 319*BlockDurationRaster and contains an RF pulse with ID of 1 and a z-gradient pulse with ID of 2'],
     16:['[ADC] 1 512 5000 0',
         'The example above contains an ADC with 512 samples, and dwell time of 5000ns, and no frequency and phase offsets',
         'The frequency and phase offset are used, for example, for RF spoiling or in-plane shifting of the FOV',
         'suffix are usable for fat navigators',
         'Each line in the section is an extension table entry specified by four numbers',
         '<type> integer ID of the type of the extension','<ref> integer ID of the extension object',
         '<next> integer ID of the next entry in the list',
         'Extensions form zero-terminated single-linked list',
         'can reference a chain of extensions, which allows one to add more than one ex- tension per block'],
     17:['<STRING_ID> integer text ID of the present extension used by the in- terpreter to recognize the extension',
         'The interpreters MUST only use the STRING_ID to recognize the extensions and do not count on particular value of the <type> parameter',
         'The latter is only valid within the single Pulseq file and MAY change from one file to another'],
     21:['Pulseq export software may opt for storing uncompressed shapes, e.g. to avoid rounding errors during compression/decompression or to save space for shapes that cannot be effectively compressed',
         'The reading routines must interpret the shape as uncompressed if the number of samples in the stored shape is equal to num_samples',
         'Therefore the saving routine must save the shape in uncompressed format if the result of compression has the same length as the original shape']}
for q in Q:
    if q['kind']=='spec':
        assert q['pages'] and all(1<=p<=min(n1,n2) and p in KEY for p in q['pages']),q['pages']
for p,ks_ in KEY.items():
    for f_ in SPEC:
        t=norm(ptext(f_,p))
        for k in ks_: assert k in t,(f_,p,k)
assert {p for q in Q if q['kind']=='spec' for p in q['pages']}==set(KEY)
print('spec pages',sorted(p for q in Q if q['kind']=='spec' for p in q['pages']),
      '; not identical in the two copies (key phrases checked in both):',sorted({p for q in Q if q['kind']=='spec' for p in q['pages']}-set(same)))
with open(OUT,'w') as fo:
    for q in Q:
        fo.write(json.dumps({k:v for k,v in q.items() if not k.startswith('_')},ensure_ascii=False)+'\n')
print('styles',sorted(Counter((q['kind'],q['_style']) for q in Q).items()))
print('styles, example named / kind',sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and q.get('_fn')).items()),
      sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and not q.get('_fn')).items()))
for i,q in enumerate(Q,1): print(i,q['_cls'],q['_style'],'|',q['query'],'|',', '.join(q['relevant']),q.get('pages',''))
